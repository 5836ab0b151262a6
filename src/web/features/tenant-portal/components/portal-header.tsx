import { useQuery } from "@tanstack/react-query";
import { Building2, Mail, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { LanguageSwitch } from "#web/components/layout/language-switch";
import { LoadFailed } from "#web/components/load-failed";
import { Skeleton } from "#web/components/ui/skeleton";
import { useI18n } from "#web/i18n/i18n-provider";
import { homeQuery, type TenantHomeAnswer } from "../portal-queries";
import { useFailureDetail } from "../use-failure-detail";

/** The phone's digits for a tel: link ('(860) 555-0142' → 'tel:+18605550142'). */
export function telHref(phone: string) {
  const digits = phone.replace(/\D/g, "");
  return `tel:${digits.length === 10 ? `+1${digits}` : `+${digits}`}`;
}

function HomeDetails({ home }: { home: TenantHomeAnswer }) {
  const { t } = useI18n();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="flex items-start gap-2 text-sm">
        <Building2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        {home.unit ? (
          <p>
            <span className="font-semibold">
              {t("portal.home.unit", {
                unit: home.unit.unitNumber,
                building: home.unit.propertyName,
              })}
            </span>
            <br />
            {home.unit.address}
          </p>
        ) : (
          <p>{t("portal.home.noUnit")}</p>
        )}
      </div>
      <div className="grid gap-1 text-sm">
        <p className="font-semibold">{t("portal.home.office")}</p>
        <a
          href={telHref(home.office.phone)}
          className="flex items-center gap-2 text-primary underline-offset-4 hover:underline"
        >
          <Phone aria-hidden="true" className="size-4 shrink-0" /> {home.office.phone}
        </a>
        <a
          href={`mailto:${home.office.email}`}
          className="flex items-center gap-2 break-all text-primary underline-offset-4 hover:underline"
        >
          <Mail aria-hidden="true" className="size-4 shrink-0" /> {home.office.email}
        </a>
      </div>
    </div>
  );
}

/**
 * The portal's header: who is signed in, their unit and building, how to reach the office, and
 * the same page in the other language.
 * `name` (the session's) shows while the home loads; `actions` holds the Logout button, which
 * belongs to the session, not to this feature.
 */
export function PortalHeader({ name, actions }: { name: string; actions: ReactNode }) {
  const home = useQuery(homeQuery());
  const { t } = useI18n();
  const why = useFailureDetail();
  return (
    <header className="border-b border-border bg-background">
      <div className="mx-auto grid max-w-4xl gap-4 px-4 py-6 sm:px-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold">{t("portal.heading")}</h1>
            <p className="mt-1 break-words text-muted-foreground">
              {t("portal.welcome", { name: home.data?.name || name })}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <LanguageSwitch />
            {actions}
          </div>
        </div>
        {home.data ? (
          <HomeDetails home={home.data} />
        ) : home.isError ? (
          <LoadFailed
            variant="banner"
            title={t("portal.home.failed")}
            query={home}
            message={why(home.error)}
            retryLabel={t("portal.tryAgain")}
          />
        ) : (
          <div role="status" className="grid gap-2">
            <span className="sr-only">{t("portal.home.loading")}</span>
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        )}
      </div>
    </header>
  );
}
