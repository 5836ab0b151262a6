import type { FileCategory, FilesResponse } from "#domain/tenant-files";
import { apiRequest } from "#web/lib/api-client";

export type FileFilters = { category: FileCategory | "all"; tenant: string };

/** The query of GET /api/admin/files: no category for 'all', no tenant for an empty search. */
export function filesQuery({ category, tenant }: FileFilters): string {
  const params = new URLSearchParams();
  if (category !== "all") params.set("category", category);
  const search = tenant.trim();
  if (search) params.set("tenant", search);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** GET /api/admin/files (PRODUCT-SPEC.md section 7). */
export function getFiles(filters: FileFilters, signal?: AbortSignal): Promise<FilesResponse> {
  return apiRequest<FilesResponse>(`/api/admin/files${filesQuery(filters)}`, { signal });
}
