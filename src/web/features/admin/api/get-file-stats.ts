import type { FileStats } from "#domain/tenant-files";
import { apiRequest } from "#web/lib/api-client";

/** GET /api/admin/files/stats (PRODUCT-SPEC.md section 7). */
export function getFileStats(signal?: AbortSignal): Promise<FileStats> {
  return apiRequest<FileStats>("/api/admin/files/stats", { signal });
}
