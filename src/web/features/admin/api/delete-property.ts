import { ApiError, apiRequest } from "#web/lib/api-client";

type DeleteAnswer = { success?: boolean; error?: string; message?: string };

/**
 * DELETE /api/admin/properties/admin/{id}: the building, its units and all their images. The
 * spec says the answer "may contain error" even when the status is OK: that is a failure too.
 */
export async function deleteProperty(id: number): Promise<{ message: string }> {
  const answer = await apiRequest<DeleteAnswer | null>(`/api/admin/properties/admin/${id}`, {
    method: "DELETE",
  });
  if (answer?.error) throw new ApiError(200, answer.message ?? answer.error, [], true);
  return { message: answer?.message ?? "" };
}
