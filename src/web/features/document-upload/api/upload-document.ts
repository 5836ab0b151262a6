import type { UploadRequestInfo } from "#domain/tenant-files";
import { apiUpload, type UploadProgress } from "#web/lib/api-client";

export type ReceivedFile = UploadRequestInfo["filesReceived"][number];
export type UploadedFiles = { files: ReceivedFile[] };

/**
 * POST /api/upload-requests/{token}/files with one file, so each file has its own progress and
 * its own answer (413 too large, 415 wrong type) without stopping the others.
 */
export function uploadDocument(
  token: string,
  file: File,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<UploadedFiles> {
  const form = new FormData();
  form.append("files", file, file.name);
  return apiUpload<UploadedFiles>(
    `/api/upload-requests/${encodeURIComponent(token)}/files`,
    form,
    options,
  );
}
