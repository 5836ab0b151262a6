import { adminMessages } from "#domain/admin";
import { ApiError } from "#web/lib/api-client";

/**
 * From a failed call to the words staff see. A dialog's alert shows lines:
 * the headline, then (for a validation failure or a refusal the server explained) its reasons.
 */

export type SaveAction = "addProperty" | "updateProperty" | "addUnit" | "updateUnit";

const failed: Record<SaveAction, string> = {
  addProperty: adminMessages.addPropertyFailed,
  updateProperty: adminMessages.updatePropertyFailed,
  addUnit: adminMessages.addUnitFailed,
  updateUnit: adminMessages.updateUnitFailed,
};

const unreachable: Record<SaveAction, string> = {
  addProperty: adminMessages.addPropertyError,
  updateProperty: adminMessages.updatePropertyError,
  addUnit: adminMessages.addUnitError,
  updateUnit: adminMessages.updateUnitError,
};

export function saveFailureLines(action: SaveAction, error: unknown): string[] {
  // Anything but an answer from the server (no network, a thrown bug) is the "Error ..." case.
  if (!(error instanceof ApiError) || error.status === 0) return [unreachable[action]];
  if (error.details.length > 0) {
    return [adminMessages.validationFailed, ...error.details.map((detail) => detail.msg)];
  }
  if (action === "addProperty") {
    return [`${failed[action]} ${error.fromServer ? error.message : error.status}`];
  }
  // A reason the server gave (a duplicate unit number, a building deleted meanwhile) helps more
  // than the bare headline.
  return error.fromServer ? [failed[action], error.message] : [failed[action]];
}

/** A failed delete, as a toast: the title, and the server's reason when it gave one. */
export function deleteFailure(
  kind: "property" | "unit",
  error: unknown,
): { title: string; description?: string } {
  const reached = error instanceof ApiError && error.status !== 0;
  if (kind === "property") {
    if (!reached) return { title: adminMessages.deletePropertyError };
    return { title: error.fromServer ? error.message : adminMessages.deletePropertyFailed };
  }
  if (!reached) return { title: adminMessages.deleteUnitError };
  return error.fromServer
    ? { title: adminMessages.deleteUnitFailed, description: error.message }
    : { title: adminMessages.deleteUnitFailed };
}

/** Why one file's upload failed, in words: a 401 is 'User not authenticated'. */
export function uploadFailureReason(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return adminMessages.notAuthenticated;
    if (error.fromServer || error.status === 0) return error.message;
    return adminMessages.uploadStatus(error.status);
  }
  return error instanceof Error ? error.message : String(error);
}

/** The first problem a domain schema found (a failed parse has at least one), and its field. */
export function firstIssue(issues: readonly { message: string; path: PropertyKey[] }[]): {
  message: string;
  field: string | undefined;
} {
  const { message, path } = issues[0]!;
  return { message, field: typeof path[0] === "string" ? path[0] : undefined };
}
