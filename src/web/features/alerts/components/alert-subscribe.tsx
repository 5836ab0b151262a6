import { Bell } from "lucide-react";
import type { BuildingFilters } from "#domain/listings";
import { buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";
import { dialogStandInProps, lazyModule, useLazyModule } from "#web/lib/lazy-module";

/** The dialog, its form library and its validation are fetched on the first approach. */
const dialogModule = lazyModule(() => import("./alert-subscribe-dialog"));

// Made in render, not when the module loads: the first class merge builds tailwind-merge's tables.
const triggerClass = () => buttonVariants({ variant: "outline" });

/**
 * "Get alerts for new homes" on /properties. Until first pressed it is a plain button that looks
 * and reads the same, so the listings' first view carries no dialog or form code. The form
 * starts from the page's filters.
 */
export function AlertSubscribe({ filters, towns }: { filters: BuildingFilters; towns: string[] }) {
  const { t } = useI18n();
  const { loaded, activation, preload, activate } = useLazyModule(dialogModule);
  if (loaded) {
    return (
      <loaded.AlertSubscribeDialog
        filters={filters}
        towns={towns}
        initiallyOpen={activation.open}
      />
    );
  }
  return (
    <button {...dialogStandInProps({ preload, activate })} className={triggerClass()}>
      <Bell aria-hidden="true" />
      {t("alerts.subscribe.button")}
    </button>
  );
}
