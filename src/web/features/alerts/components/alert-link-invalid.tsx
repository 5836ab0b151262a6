import { LinkIcon } from "lucide-react";
import { Link } from "react-router";
import { StatePanel } from "#web/components/layout/state-panel";
import { buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";

/** A confirmation or manage link that is unknown, spent or past its time: ask again. */
export function AlertLinkInvalid() {
  const { t, path } = useI18n();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <StatePanel
        headingLevel={1}
        icon={LinkIcon}
        title={t("alerts.invalid.heading")}
        message={t("form.alerts.linkInvalid")}
      >
        <Link to={path("/properties")} className={buttonVariants()}>
          {t("alerts.invalid.again")}
        </Link>
      </StatePanel>
    </div>
  );
}
