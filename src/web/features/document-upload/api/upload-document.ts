import type { SuccessBody } from "#domain/api/contract";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { type UploadProgress, upload } from "#web/lib/api-client";

export type UploadedFiles = SuccessBody<typeof tenantFilesApi.uploadThroughRequest>;
export type ReceivedFile = UploadedFiles["files"][number];

/**
 * Sends one file through an upload link, so each file has its own progress and its own answer
 * (413 too large, 415 wrong type) without stopping the others.
 */
export function uploadDocument(
  token: string,
  file: File,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<UploadedFiles> {
  const form = new FormData();
  form.append("files", file, file.name);
  return upload(tenantFilesApi.uploadThroughRequest, { params: { token } }, form, options);
}
