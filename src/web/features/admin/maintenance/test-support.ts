import type { MaintenanceRequest } from "#domain/maintenance";

/** A maintenance request as the API answers it; tests change what they look at. */
export function sampleRequest(
  id: string,
  values: Partial<MaintenanceRequest> = {},
): MaintenanceRequest {
  return {
    id,
    title: `Request ${id}`,
    description: "The kitchen faucet drips all night.",
    category: "plumbing",
    urgency: "routine",
    status: "submitted",
    permissionToEnter: true,
    preferredTimes: "Weekday mornings",
    scheduledFor: null,
    window: null,
    createdAt: "2026-03-02T15:00:00.000Z",
    updatedAt: "2026-03-02T15:00:00.000Z",
    tenant: { id: "t1", name: "Ann Lee", email: "ann@example.com" },
    property: { id: 1, name: "Maple Court", unit: "2B", unitId: 11 },
    photos: [],
    comments: [],
    ...values,
    // The server counts every comment; a sample shows them all.
    commentCount: values.commentCount ?? values.comments?.length ?? 0,
  };
}
