import { AlertTriangle, SearchX } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";
import { StatePanel } from "#web/components/layout/state-panel";
import { buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";

/** A unit page whose loader failed: not found (an unknown id), or the listing not read. */
export function UnitError({ error }: { error: unknown }) {
  const { t, path } = useI18n();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      {notFound ? (
        <StatePanel
          icon={SearchX}
          title={t("listings.unit.notFound.title")}
          message={t("listings.unit.notFound.message")}
        >
          <Link to={path("/properties")} className={buttonVariants()}>
            {t("listings.unit.back")}
          </Link>
        </StatePanel>
      ) : (
        <StatePanel
          icon={AlertTriangle}
          title={t("listings.unit.errorTitle")}
          message={t("listings.unit.loadFailed")}
          tone="error"
        >
          <Link to={path("/properties")} className={buttonVariants()}>
            {t("listings.unit.back")}
          </Link>
        </StatePanel>
      )}
    </div>
  );
}
