import { useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import type { ListingWording } from "#domain/fair-housing";
import { type SendWrite, useContractSave } from "#web/lib/query";
import type { CurrentImagesState } from "./current-images";
import type { SavePhase } from "./dialog-parts";
import { useFairHousingCheck } from "./fair-housing-panel";
import type { ImageOwner } from "./image-owner";
import { firstIssue, type SaveAction, saveFailureLines } from "./messages";
import { type UploadFailure, useImageUploads } from "./use-image-uploads";

/** What a dialog's save writes: the record, its photos' alt texts, its new photos. */
const listingWrites = [
  adminPropertiesApi.createProperty,
  adminPropertiesApi.updateProperty,
  adminPropertiesApi.createUnit,
  adminPropertiesApi.updateUnit,
  adminPropertiesApi.updateImageAlt,
  adminPropertiesApi.uploadImages,
];

type Parsed<TBody> =
  | { success: true; data: TBody }
  | { success: false; error: { issues: readonly { message: string; path: PropertyKey[] }[] } };

/** The body the record is sent with: the acknowledgement of flagged wording when given. */
export type Acknowledged<TBody> = TBody & { fairHousingAcknowledged?: true };

type Spec<TValues extends FieldValues, TBody, TSaved> = {
  form: UseFormReturn<TValues>;
  /** The form's values checked as the server checks them. */
  parse: (values: TValues) => Parsed<TBody>;
  /** What the fair-housing check reads of the body. */
  wording: (body: TBody) => ListingWording;
  /** Names the failure of the record's write ('Failed to add property: ...'). */
  action: SaveAction;
  /** Sends the record, created or updated. */
  write: (body: Acknowledged<TBody>, send: SendWrite, values: TValues) => Promise<TSaved>;
  /** Whose the new photos are, once the record is saved. */
  owner: (saved: TSaved) => ImageOwner;
  /** The photos it has already (an edit): their changed alt texts are saved with it. */
  current: CurrentImagesState | null;
  userId?: string | null;
  /** Says the record is saved, and which photos did not upload. */
  announce: (saved: TSaved, failures: UploadFailure[]) => void;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
};

/**
 * The save of the building and unit dialogs: the form checked as the server checks it (the first
 * problem said and its field focused), the fair-housing check, then one mutation that writes the
 * record, the changed alt texts and the new photos (one refetch when it settles). A refusal of
 * the record keeps the dialog open with the reason; a photo that does not upload is told, not a
 * reason to stay, since the record is saved.
 */
export function useListingSave<TValues extends FieldValues, TBody extends object, TSaved>(
  spec: Spec<TValues, TBody, TSaved>,
) {
  const [phase, setPhaseState] = useState<SavePhase>("idle");
  const [alert, setAlert] = useState<string[] | null>(null);
  const [invalidField, setInvalidField] = useState<string | undefined>();
  const fairHousing = useFairHousingCheck();
  const uploads = useImageUploads();

  const setPhase = (next: SavePhase) => {
    setPhaseState(next);
    spec.onBusyChange(next !== "idle");
  };

  const save = useContractSave(
    listingWrites,
    async ({ body, values }: { body: Acknowledged<TBody>; values: TValues }, send) => {
      const saved = await spec.write(body, send, values);
      await spec.current?.saveAlts(send, body.fairHousingAcknowledged === true);
      if (uploads.items.length > 0) setPhase("uploading");
      const failures = await uploads.uploadAll(spec.owner(saved), spec.userId);
      return { saved, failures };
    },
  );

  const onSubmit = spec.form.handleSubmit(async (values) => {
    setAlert(null);
    setInvalidField(undefined);
    const parsed = spec.parse(values);
    if (!parsed.success) {
      const { message, field } = firstIssue(parsed.error.issues);
      setAlert([message]);
      setInvalidField(field);
      if (field) spec.form.setFocus(field as Path<TValues>);
      return;
    }
    // The wording is checked as the server checks it, the changed alt texts with it: flagged
    // phrases stop the save once.
    const wording = spec.wording(parsed.data);
    const body = fairHousing.bodyFor(parsed.data, {
      ...wording,
      texts: [...(wording.texts ?? []), ...(spec.current?.altWording() ?? [])],
    });
    if (!body) return;

    setPhase("saving");
    let outcome: { saved: TSaved; failures: UploadFailure[] };
    try {
      outcome = await save.mutateAsync({ body, values });
    } catch (error) {
      setAlert(saveFailureLines(spec.action, error));
      setPhase("idle");
      return;
    }
    spec.announce(outcome.saved, outcome.failures);
    setPhase("idle");
    spec.onDone();
  });

  return {
    onSubmit,
    phase,
    busy: phase !== "idle",
    alert,
    invalid: (name: Path<TValues>) => (invalidField === name ? true : undefined),
    fairHousing,
    uploads,
  };
}
