import { BellRing, LinkIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { StatePanel } from "#web/components/layout/state-panel";
import { buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";

/**
 * A confirmation or manage link that is unknown, spent or past its time: ask again. A
 * confirmation link `used` before says so instead (it works once; every alert e-mail has the
 * manage link). Shown in place of a page whose button was just pressed (`takeFocus`), it takes
 * the focus the vanished button had, so that it is read out.
 */
export function AlertLinkInvalid({
  takeFocus = false,
  used = false,
}: {
  takeFocus?: boolean;
  used?: boolean;
}) {
  const { t, path } = useI18n();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) panel.current?.focus();
  }, [takeFocus]);
  return (
    <div ref={panel} tabIndex={-1} className="mx-auto max-w-2xl px-4 py-12 outline-none sm:px-6">
      <StatePanel
        headingLevel={1}
        icon={used ? BellRing : LinkIcon}
        title={t(used ? "alerts.used.heading" : "alerts.invalid.heading")}
        message={t(used ? "form.alerts.linkUsed" : "form.alerts.linkInvalid")}
      >
        <Link to={path("/properties")} className={buttonVariants()}>
          {t(used ? "alerts.confirm.browse" : "alerts.invalid.again")}
        </Link>
      </StatePanel>
    </div>
  );
}
