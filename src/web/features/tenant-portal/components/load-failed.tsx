import type { UseQueryResult } from "@tanstack/react-query";
import { RefreshCw, TriangleAlert } from "lucide-react";
import { StatePanel } from "#web/components/layout/state-panel";
import { Button } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";
import { useFailureDetail } from "../use-failure-detail";

/** A portal list that could not load: what failed, why, and Try Again (disabled while it tries). */
export function LoadFailed({ title, query }: { title: string; query: UseQueryResult<unknown> }) {
  const { t } = useI18n();
  const why = useFailureDetail();
  return (
    <StatePanel
      icon={TriangleAlert}
      tone="error"
      headingLevel={4}
      title={title}
      message={why(query.error)}
    >
      <Button className="h-11" disabled={query.isFetching} onClick={() => void query.refetch()}>
        <RefreshCw aria-hidden="true" /> {t("portal.tryAgain")}
      </Button>
    </StatePanel>
  );
}
