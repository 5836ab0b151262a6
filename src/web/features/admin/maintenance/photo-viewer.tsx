import { ExternalLink } from "lucide-react";
import { useState } from "react";
import { type MaintenancePhoto, maintenanceStaffMessages as words } from "#domain/maintenance";
import { cn } from "#web/lib/utils";

/**
 * The request's photos: the chosen one large, the others as thumbnails that choose it. The
 * links are signed and short-lived (the dialog's query fetches fresh ones when it opens).
 */
export function PhotoViewer({ photos, title }: { photos: MaintenancePhoto[]; title: string }) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = photos.find((p) => p.id === chosenId) ?? photos[0];
  const alt = (index: number) => `Photo ${index + 1} of ${photos.length}: ${title}`;
  const chosenIndex = chosen ? photos.indexOf(chosen) : -1;

  return (
    <section aria-labelledby="request-photos" className="grid gap-3">
      <h3 id="request-photos" className="font-semibold">
        {`Photos (${photos.length})`}
      </h3>
      {!chosen ? (
        <p className="text-sm text-muted-foreground">{words.noPhotos}</p>
      ) : (
        <>
          <figure className="grid gap-1">
            <img
              src={chosen.url}
              alt={alt(chosenIndex)}
              width={chosen.width}
              height={chosen.height}
              className="max-h-80 w-full rounded-md bg-muted object-contain sm:max-h-96"
            />
            <figcaption className="text-xs text-muted-foreground">
              <a
                href={chosen.url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex min-h-11 items-center gap-1 underline underline-offset-4"
              >
                <ExternalLink aria-hidden="true" className="size-3" />
                {`Open photo ${chosenIndex + 1} full size`}
              </a>
            </figcaption>
          </figure>
          {photos.length > 1 ? (
            <ul aria-label="All photos" className="flex flex-wrap gap-2">
              {photos.map((photo, index) => (
                <li key={photo.id}>
                  <button
                    type="button"
                    aria-label={`Show photo ${index + 1}`}
                    aria-pressed={photo.id === chosen.id}
                    onClick={() => setChosenId(photo.id)}
                    className={cn(
                      "block size-20 overflow-hidden rounded-md border-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                      photo.id === chosen.id ? "border-primary" : "border-transparent",
                    )}
                  >
                    <img
                      src={photo.url}
                      alt=""
                      width={photo.width}
                      height={photo.height}
                      loading="lazy"
                      className="size-full object-cover"
                    />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </section>
  );
}
