import { Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { type AdminImage, ALT_TEXT_MAX, adminMessages } from "#domain/admin";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { Button } from "#web/components/ui/button";
import { TextField } from "#web/components/ui/form-field";
import { type SendWrite, useContractMutation } from "#web/lib/query";
import type { ImageOwner } from "./image-owner";

const altSaveFailed = (n: number) => `The description of image ${n} was not saved.`;

type Removal = { ownerId: number; imageId: number };

/**
 * The images a building or unit already has, in an edit dialog: a removal happens at once (its
 * contract's invalidation refetches the list); alt text edits wait for the dialog's save.
 */
export function useCurrentImages(images: AdminImage[], owner: ImageOwner) {
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [removing, setRemoving] = useState<number | null>(null);
  const [alts, setAlts] = useState<Record<number, string>>({});
  const removeBuildingImage = useContractMutation(
    adminPropertiesApi.deletePropertyImage,
    ({ ownerId, imageId }: Removal) => ({
      params: { id: String(ownerId), imageId: String(imageId) },
    }),
  );
  const removeUnitImage = useContractMutation(
    adminPropertiesApi.deleteUnitImage,
    ({ ownerId, imageId }: Removal) => ({
      params: { unitId: String(ownerId), imageId: String(imageId) },
    }),
  );
  // Hidden as soon as the server confirms, whether or not the list is refetched yet.
  const visible = images.filter((image) => !removed.has(image.id));

  async function remove(image: AdminImage) {
    setRemoving(image.id);
    try {
      if ("propertyId" in owner) {
        await removeBuildingImage.mutateAsync({ ownerId: owner.propertyId, imageId: image.id });
      } else {
        await removeUnitImage.mutateAsync({ ownerId: owner.unitId, imageId: image.id });
      }
      setRemoved((set) => new Set(set).add(image.id));
      toast.success(adminMessages.imageRemoved);
    } catch {
      toast.error(adminMessages.imageRemoveFailed);
    } finally {
      setRemoving(null);
    }
  }

  /** The alt texts that changed, each with its image and its place in the list. */
  const changed = () =>
    visible.flatMap((image, index) => {
      const alt = alts[image.id]?.trim();
      return alt === undefined || alt === image.alt ? [] : [{ image, index, alt }];
    });

  /**
   * Sends the alt texts that changed, and tells which could not be saved. Writes of the dialog's
   * save (`send`): the list is refetched once, after the whole save. `acknowledged`: staff kept
   * flagged wording after the dialog's fair-housing review, which covers these texts too.
   */
  async function saveAlts(send: SendWrite, acknowledged = false) {
    for (const { image, index, alt } of changed()) {
      try {
        await send(adminPropertiesApi.updateImageAlt, {
          params: { id: String(image.id) },
          body: acknowledged ? { alt, fairHousingAcknowledged: true } : { alt },
        });
      } catch {
        toast.error(altSaveFailed(index + 1));
      }
    }
  }

  return {
    visible,
    removing,
    remove,
    saveAlts,
    /** The changed alt texts as wording for the dialog's fair-housing review (`alt.<n>`). */
    altWording: () => changed().map(({ index, alt }) => ({ path: `alt.${index + 1}`, text: alt })),
    altOf: (image: AdminImage) => alts[image.id] ?? image.alt,
    setAlt: (id: number, alt: string) => setAlts((all) => ({ ...all, [id]: alt })),
  };
}

export type CurrentImagesState = ReturnType<typeof useCurrentImages>;

export function CurrentImages({ state, busy }: { state: CurrentImagesState; busy: boolean }) {
  if (state.visible.length === 0) return null;
  return (
    <section aria-label="Current images" className="grid gap-2">
      <h3 className="text-sm font-medium">Current Images</h3>
      <ul className="grid gap-3">
        {state.visible.map((image, index) => {
          const n = index + 1;
          return (
            <li
              key={image.id}
              className="flex flex-wrap items-start gap-3 rounded-md border border-border p-2"
            >
              <img
                src={image.url}
                srcSet={image.srcSet || undefined}
                sizes="96px"
                width={96}
                height={64}
                alt={image.alt || `Thumbnail ${n}`}
                loading="lazy"
                className="h-16 w-24 shrink-0 rounded bg-muted object-cover"
              />
              <TextField
                label={`Alt text for image ${n}`}
                hint="Describes the photo to visitors who cannot see it."
                className="order-last min-w-0 basis-full sm:order-none sm:basis-0 sm:flex-1"
                maxLength={ALT_TEXT_MAX}
                value={state.altOf(image)}
                disabled={busy}
                onChange={(event) => state.setAlt(image.id, event.target.value)}
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove image ${n}`}
                disabled={busy || state.removing !== null}
                onClick={() => void state.remove(image)}
                className="ml-auto shrink-0 text-destructive"
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
