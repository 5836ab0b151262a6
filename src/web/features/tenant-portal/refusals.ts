import { ApiError, failureDetail } from "#web/lib/api-client";

/** Where a refused form's messages go: beside each field, beside the files, or above the button. */
export type Refusal = {
  fields: Record<string, string>;
  files: string | null;
  general: string | null;
};

type Words = {
  /** The form's field names: a detail about one of these is shown beside it. */
  fields: readonly string[];
  /** The name of the files' field (its details, 413 and 415 go beside the file picker). */
  fileField: string;
  tooBig: string;
  wrongType: string;
};

const fieldOf = (path: string) => path.replace(/^body\./, "").split(".")[0] ?? "";

/**
 * Reads a refused upload: the server's details (400 or 422) beside their fields, a body too
 * large (413) or a file of a kind it does not take (415) beside the files, in the server's words
 * when it sent some; anything else (the network, a 429, a 500) above the submit button.
 */
export function readRefusal(error: unknown, words: Words): Refusal {
  const refusal: Refusal = { fields: {}, files: null, general: null };
  if (!(error instanceof ApiError)) {
    refusal.general = failureDetail(error);
    return refusal;
  }
  if (error.status === 413 || error.status === 415) {
    const fallback = error.status === 413 ? words.tooBig : words.wrongType;
    refusal.files = error.fromServer ? error.message : fallback;
    return refusal;
  }
  for (const detail of error.details) {
    const field = fieldOf(detail.path);
    if (field === words.fileField) refusal.files ??= detail.msg;
    else if (words.fields.includes(field)) refusal.fields[field] ??= detail.msg;
  }
  const placed = refusal.files !== null || Object.keys(refusal.fields).length > 0;
  if (!placed) refusal.general = failureDetail(error);
  return refusal;
}
