import { localizedPath } from "#domain/locale";
import type { MailTransaction } from "#server/mail/mail-queue";
import { recordEvents } from "#server/modules/notifications";
import { tenantNotice } from "./showings.email";
import { tenantsAtHome } from "./showings.repository";

type Place = { building: string; unit: string; address: string; start: Date };

/**
 * Tells the tenants living in a unit, by e-mail and in the portal, in their language, that a
 * showing of their home is set (at booking: the slots of an occupied home begin 24 hours out, so
 * they hear of it at least that long before, as CGS 47a-16 asks) or is off. A legal notice: sent
 * whatever their notification preferences, in the transaction that books or cancels.
 */
export async function tellTenantsAtHome(
  tx: MailTransaction,
  publicUrl: string,
  unitId: number,
  kind: "scheduled" | "off",
  showing: Place,
): Promise<void> {
  for (const tenant of await tenantsAtHome(tx, unitId)) {
    const portalPath = localizedPath("/tenant-portal", tenant.language);
    const notice = tenantNotice({
      kind,
      to: tenant.email,
      lang: tenant.language,
      showing,
      portalUrl: new URL(portalPath, publicUrl).href,
    });
    await tx.queue({ kind: "showing_tenant_notice", ...notice.mail });
    await recordEvents(tx.db, [
      {
        userId: tenant.id,
        title: notice.title,
        message: notice.message.slice(0, 500),
        type: kind === "scheduled" ? "info" : "warning",
        category: "communication",
        priority: "medium",
        actionUrl: portalPath,
        actionLabel: notice.portalLabel,
      },
    ]);
  }
}
