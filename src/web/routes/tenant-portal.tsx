import { useQuery } from "@tanstack/react-query";
import { FileText, LaptopMinimal, LogOut, Wrench } from "lucide-react";
import { useSearchParams } from "react-router";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { useAuth } from "../features/auth/auth-provider";
import { displayNameOf } from "../features/auth/components/account-menu";
import { ProtectedPage } from "../features/auth/components/protected-page";
import { useLogout } from "../features/auth/use-logout";
import { DevicesSection } from "../features/tenant-portal/components/devices-section";
import { DocumentsSection } from "../features/tenant-portal/components/documents-section";
import { MaintenanceSection } from "../features/tenant-portal/components/maintenance-section";
import { PortalHeader } from "../features/tenant-portal/components/portal-header";
import { homeQuery } from "../features/tenant-portal/portal-queries";
import { pageMessages } from "../i18n/catalogue.server";
import { useI18n } from "../i18n/i18n-provider";
import { metaI18n } from "../i18n/meta";
import { revalidateOnLanguageChange } from "../i18n/revalidate";
import { privatePageMeta } from "../lib/meta";
import { QueryProvider } from "../lib/query";
import type { Route } from "./+types/tenant-portal";

/** The portal's words (and the document categories', shared with the upload page). */
export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["portal", "upload"]);
}

/** Choosing a tab changes the query only: the words stay, and the tab opens without a request. */
export const shouldRevalidate = revalidateOnLanguageChange;

export const meta: Route.MetaFunction = (args) =>
  privatePageMeta(metaI18n(args).t("portal.meta.title"));

const sections = ["maintenance", "documents", "devices"] as const;

/**
 * A section's tab: on a phone, three side by side, each its icon over its name (the open
 * requests' count in its corner), so that "Mantenimiento" fits down to 320 px; in a row from
 * 640 px.
 */
const TAB =
  "relative flex-col justify-center gap-1 px-0.5 py-1.5 text-xs sm:flex-row sm:gap-2 sm:px-4 sm:text-sm";
type Section = (typeof sections)[number];

function Portal() {
  const { user } = useAuth();
  const { logout } = useLogout();
  const { t, path } = useI18n();
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const section: Section = sections.find((s) => s === requested) ?? "maintenance";
  const home = useQuery(homeQuery());
  const open = home.data?.openRequests ?? 0;

  const select = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "maintenance") next.delete("tab");
        else next.set("tab", value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="min-h-dvh bg-muted">
      <PortalHeader
        name={user ? displayNameOf(user) : ""}
        actions={
          <Button
            variant="outline"
            className="h-11"
            onClick={() =>
              void logout({
                redirectTo: path("/"),
                message: t("portal.loggingOut"),
                fallback: { to: path("/"), message: t("portal.redirecting") },
              })
            }
          >
            <LogOut aria-hidden="true" /> {t("portal.logout")}
          </Button>
        }
      />
      <main className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
        <Tabs value={section} onValueChange={select}>
          <TabsList
            aria-label={t("portal.sections")}
            className="grid w-full grid-cols-3 sm:inline-flex sm:w-auto"
          >
            <TabsTrigger
              value="maintenance"
              className={TAB}
              aria-label={open > 0 ? t("portal.tab.maintenanceOpen", { count: open }) : undefined}
            >
              <Wrench aria-hidden="true" className="size-4" /> {t("portal.tab.maintenance")}
              {open > 0 ? (
                <Badge
                  variant="secondary"
                  aria-hidden="true"
                  className="absolute top-1 right-1 px-1.5 py-0 sm:static sm:px-2.5 sm:py-0.5"
                >
                  {open}
                </Badge>
              ) : null}
            </TabsTrigger>
            <TabsTrigger value="documents" className={TAB}>
              <FileText aria-hidden="true" className="size-4" /> {t("portal.tab.documents")}
            </TabsTrigger>
            <TabsTrigger value="devices" className={TAB}>
              <LaptopMinimal aria-hidden="true" className="size-4" /> {t("portal.tab.devices")}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="maintenance">
            <MaintenanceSection hasUnit={home.data ? home.data.unit !== null : true} />
          </TabsContent>
          <TabsContent value="documents">
            <DocumentsSection />
          </TabsContent>
          <TabsContent value="devices">
            <DevicesSection />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}

/**
 * /tenant-portal (and /es/tenant-portal, in Spanish): a signed-in tenant's home (unit, building,
 * the office's contact), their maintenance requests, their documents and where they are signed
 * in (Devices). Protected by the spec's rule, for tenants: staff go
 * to their own home, and no session goes to /login. The open section is kept in the address
 * (?tab=documents), so a reload opens the same one.
 */
export default function TenantPortal() {
  return (
    <ProtectedPage roles="tenant">
      <QueryProvider>
        <Portal />
      </QueryProvider>
    </ProtectedPage>
  );
}
