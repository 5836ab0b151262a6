import { Badge } from "#web/components/ui/badge";
import { useMaintenanceSummary } from "./use-maintenance";

/**
 * The Maintenance tab's badges: how many requests are open, and, in red, how many of them are
 * emergencies. Each says what it counts to a screen reader ('3 open', '1 emergency').
 */
export function MaintenanceTabCount() {
  const summary = useMaintenanceSummary();
  if (!summary || summary.open === 0) return null;
  const { open, emergencies } = summary;
  // The words are in the tab's name as text (an aria-label on a plain span is not reliably read),
  // apart from each other by a space of their own: "Maintenance 3 open 1 emergency".
  return (
    <>
      {" "}
      <Badge variant="secondary">
        <span aria-hidden="true">{open}</span>
        <span className="sr-only">{`${open} open`}</span>
      </Badge>
      {emergencies > 0 ? " " : null}
      {emergencies > 0 ? (
        <Badge variant="destructive">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
          <span aria-hidden="true">{emergencies}</span>
          <span className="sr-only">
            {emergencies === 1 ? "1 emergency" : `${emergencies} emergencies`}
          </span>
        </Badge>
      ) : null}
    </>
  );
}
