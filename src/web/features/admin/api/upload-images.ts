import type { UploadResponse } from "#domain/admin";
import { apiUpload, type UploadProgress } from "#web/lib/api-client";
import type { ImageOwner } from "./remove-image";

/**
 * POST /api/upload with ONE file, so that each file has its own progress bar and one refused file
 * does not take the others down with it (the server stores a request's files all or nothing).
 * The fields go before the file so the server knows the owner before the bytes arrive.
 */
export function uploadImage({
  file,
  owner,
  userId,
  onProgress,
  signal,
}: {
  file: File;
  owner: ImageOwner;
  userId?: string | null;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}): Promise<UploadResponse> {
  const form = new FormData();
  if (userId) form.append("userId", userId);
  if ("propertyId" in owner) form.append("propertyId", String(owner.propertyId));
  else form.append("unitId", String(owner.unitId));
  form.append("files", file, file.name);
  return apiUpload<UploadResponse>("/api/upload", form, { onProgress, signal });
}
