import { type AdminProperty, adminMessages } from "#domain/admin";
import { ApiError, apiRequest } from "#web/lib/api-client";

/** GET /api/admin/properties/admin: every building with its units and images. */
export async function getAdminProperties(signal?: AbortSignal): Promise<AdminProperty[]> {
  const properties = await apiRequest<AdminProperty[]>("/api/admin/properties/admin", { signal });
  // A 200 with something other than a list (a proxy's page, an empty body) is a failed load too.
  if (!Array.isArray(properties)) throw new Error(adminMessages.loadFailed);
  return properties;
}

export function isTooManyRequests(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}

/** The dashboard's words for a failed load (PRODUCT-SPEC.md section 8). */
export function loadErrorMessage(error: unknown): string {
  if (isTooManyRequests(error)) return adminMessages.tooManyRequests;
  if (error instanceof ApiError && error.status === 0) return adminMessages.connectionFailed;
  if (error instanceof Error && error.message.includes("429")) return adminMessages.serverBusy;
  return adminMessages.loadFailed;
}
