import { ImagePlus, X } from "lucide-react";
import { useId } from "react";
import { MAINTENANCE_PHOTO_MAX_MB, MAINTENANCE_PHOTOS_MAX } from "#domain/maintenance";
import { buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";
import { cn } from "#web/lib/utils";
import { type PhotoPick, photoAccept } from "../use-photo-picks";

/**
 * Up to five photos: a real file input (visually hidden, still focusable) behind a label styled
 * as a button, the chosen photos as thumbnails, each with its own Remove button, and the reason
 * a photo was left out (or the server's refusal) announced beside them.
 */
export function PhotoPicker({
  photos,
  error,
  onAdd,
  onRemove,
}: {
  photos: PhotoPick[];
  error: string | null;
  onAdd: (files: File[]) => void;
  onRemove: (id: number) => void;
}) {
  const id = useId();
  const { t } = useI18n();
  const full = photos.length >= MAINTENANCE_PHOTOS_MAX;
  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium">{t("portal.photos.legend")}</legend>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t("portal.photos.hint", { max: MAINTENANCE_PHOTOS_MAX, mb: MAINTENANCE_PHOTO_MAX_MB })}
      </p>
      {photos.length > 0 ? (
        <ul
          aria-label={t("portal.photos.chosen")}
          className="grid grid-cols-3 gap-2 sm:grid-cols-5"
        >
          {photos.map((photo, index) => (
            <li key={photo.id} className="relative">
              <img
                src={photo.preview}
                alt={photo.file.name}
                className="aspect-square w-full rounded-md border border-border bg-muted object-cover"
              />
              <button
                type="button"
                onClick={() => onRemove(photo.id)}
                aria-label={t("portal.photos.remove", {
                  number: index + 1,
                  name: photo.file.name,
                })}
                className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-background text-foreground shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <input
          id={id}
          type="file"
          multiple
          accept={photoAccept}
          disabled={full}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="peer sr-only"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Cleared so that choosing the same photo again (after removing it) is a change.
            event.target.value = "";
            if (files.length > 0) onAdd(files);
          }}
        />
        <label
          htmlFor={id}
          className={cn(
            buttonVariants({ variant: "outline" }),
            "h-11 cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
          )}
        >
          <ImagePlus aria-hidden="true" />
          {t(photos.length > 0 ? "portal.photos.addMore" : "portal.photos.add")}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
