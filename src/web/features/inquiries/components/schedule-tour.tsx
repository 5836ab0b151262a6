import { CalendarDays } from "lucide-react";
import { buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";
import { dialogStandInProps, lazyModule, useLazyModule } from "#web/lib/lazy-module";

/** The dialog, its form library and its validation are fetched on the first approach. */
const dialogModule = lazyModule(() => import("./schedule-tour-dialog"));

// Made in render, not when the module loads: the first class merge builds tailwind-merge's tables.
const triggerClass = () => buttonVariants({ size: "lg", variant: "secondary" });

/**
 * The unit page's Schedule Tour button. Until first pressed it is a plain button that looks and
 * reads the same, so the unit page's first view carries no dialog or form code; without scripts
 * it opens the unit's booking page (/properties/:id/showing), a plain form.
 */
export function ScheduleTour({
  unit,
}: {
  unit: { id: number; title: string; buildingId: number };
}) {
  const { t, path } = useI18n();
  const { loaded, activation, preload, activate } = useLazyModule(dialogModule);
  if (loaded) {
    return <loaded.ScheduleTourDialog unit={unit} initiallyOpen={activation.open} />;
  }
  // Without scripts the button sends its form: the unit's booking page, a plain form.
  const standIn = dialogStandInProps({ preload, activate });
  return (
    <form method="get" action={path(`/properties/${unit.id}/showing`)}>
      <button
        {...standIn}
        type="submit"
        onClick={(event) => {
          event.preventDefault();
          standIn.onClick(event);
        }}
        className={`${triggerClass()} w-full`}
      >
        <CalendarDays aria-hidden="true" />
        {t("contact.tour.button")}
      </button>
    </form>
  );
}
