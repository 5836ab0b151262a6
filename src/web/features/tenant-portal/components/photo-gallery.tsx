import { useState } from "react";
import type { MaintenancePhoto } from "#domain/maintenance";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { useI18n } from "#web/i18n/i18n-provider";

/**
 * A request's photos as thumbnails (their signed links, valid a few minutes: the list is read
 * again before they run out), each a button that opens it larger in a dialog.
 */
export function PhotoGallery({ photos, title }: { photos: MaintenancePhoto[]; title: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const { t } = useI18n();
  if (photos.length === 0) return null;
  const shown = open === null ? null : photos[open];
  return (
    <>
      <ul aria-label={t("portal.photos.of", { title })} className="flex flex-wrap gap-2">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={() => setOpen(index)}
              aria-label={t("portal.photos.open", { number: index + 1, count: photos.length })}
              className="block overflow-hidden rounded-md border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <img
                src={photo.url}
                alt=""
                width={80}
                height={80}
                loading="lazy"
                className="size-20 bg-muted object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={shown !== null} onOpenChange={(next) => !next && setOpen(null)}>
        {shown && open !== null ? (
          <DialogContent
            title={t("portal.photos.dialog", { number: open + 1, count: photos.length })}
            className="max-w-3xl"
          >
            <img
              src={shown.url}
              alt={t("portal.photos.alt", { title, number: open + 1, count: photos.length })}
              width={shown.width}
              height={shown.height}
              className="h-auto max-h-[70dvh] w-full rounded-md bg-muted object-contain"
            />
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
