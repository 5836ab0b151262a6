import { ArrowRightLeft, UserPlus, UserX } from "lucide-react";
import { languageNames } from "#domain/locale";
import type { Tenant } from "#domain/maintenance";
import { Button } from "#web/components/ui/button";

export type TenantActions = {
  onInvite: (unit: { id: number; unitNumber: string }, building: string) => void;
  onMove: (tenant: Tenant) => void;
  onEndAccess: (tenant: Tenant) => void;
};

/**
 * Under a unit row: who has portal access to the unit, each with Move and End access, and
 * 'Invite tenant'. Every button names the tenant or unit it acts on.
 */
export function UnitTenants({
  unit,
  building,
  tenants,
  actions,
}: {
  unit: { id: number; unitNumber: string };
  building: string;
  tenants: Tenant[];
  actions: TenantActions;
}) {
  const unitName = `Unit ${unit.unitNumber} in ${building}`;
  return (
    <div className="grid w-full gap-1">
      {tenants.length > 0 ? (
        <ul aria-label={`Tenants of ${unitName}`} className="grid gap-1">
          {tenants.map((tenant) => {
            const who = tenant.name || tenant.email;
            return (
              <li
                key={tenant.id}
                className="flex flex-wrap items-center justify-between gap-x-2 rounded-md bg-muted px-2 py-1 text-sm"
              >
                <span className="min-w-0">
                  <span className="font-medium">{who}</span>{" "}
                  <span className="break-all text-muted-foreground">{tenant.email}</span>
                  {tenant.lastSignInAt ? null : (
                    <span className="text-muted-foreground"> · invited, not signed in yet</span>
                  )}
                  {tenant.language === "en" ? null : (
                    <span className="text-muted-foreground">
                      {" · e-mails in "}
                      <span lang={tenant.language}>{languageNames[tenant.language]}</span>
                    </span>
                  )}
                </span>
                <span className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-11"
                    aria-label={`Move ${who}`}
                    onClick={() => actions.onMove(tenant)}
                  >
                    <ArrowRightLeft aria-hidden="true" /> Move
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-11 text-destructive"
                    aria-label={`End access of ${who}`}
                    onClick={() => actions.onEndAccess(tenant)}
                  >
                    <UserX aria-hidden="true" /> End access
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div>
        <Button
          variant="outline"
          size="sm"
          className="h-11"
          aria-label={`Invite tenant to ${unitName}`}
          onClick={() => actions.onInvite(unit, building)}
        >
          <UserPlus aria-hidden="true" /> Invite tenant
        </Button>
      </div>
    </div>
  );
}
