import { tenantPortalApi } from "#domain/api/tenant-portal";
import { buildUrl } from "#domain/api/wire";
import type { MaintenanceRequest } from "#domain/maintenance";

/** A photo's signed link as the server writes it (the token is made up). */
export const photoUrl = (token: string) => buildUrl(tenantPortalApi.photo, { token });

/**
 * A tenant's request as the portal's API answers it: scheduled for a morning, two photos, a
 * comment from the office and the tenant's reply. Tests spread it and change what they check.
 */
export const leak: MaintenanceRequest = {
  id: "r1",
  title: "Kitchen sink leaks",
  description: "Water drips under the sink since Monday.",
  category: "plumbing",
  urgency: "urgent",
  status: "scheduled",
  permissionToEnter: true,
  preferredTimes: "Mornings",
  scheduledFor: "2026-03-03",
  window: "morning",
  createdAt: "2026-03-01T14:00:00.000Z",
  updatedAt: "2026-03-02T14:00:00.000Z",
  tenant: { id: "t1", name: "Tina Tenant", email: "tina@example.com" },
  property: { id: 7, name: "Elm Court", unit: "2B", unitId: 31 },
  photos: [
    { id: "p1", url: photoUrl("tok-1"), width: 800, height: 600 },
    { id: "p2", url: photoUrl("tok-2"), width: 800, height: 600 },
  ],
  comments: [
    {
      id: "c1",
      body: "A plumber comes Tuesday morning.",
      author: { name: "Olivia Office", role: "staff" },
      createdAt: "2026-03-02T14:00:00.000Z",
    },
    {
      id: "c2",
      body: "Thank you!",
      author: { name: "Tina Tenant", role: "tenant" },
      createdAt: "2026-03-02T15:00:00.000Z",
    },
  ],
  commentCount: 2,
};
