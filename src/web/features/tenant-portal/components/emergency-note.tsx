import { TriangleAlert } from "lucide-react";
import { site } from "#domain/site";
import { useI18n } from "#web/i18n/i18n-provider";

/**
 * What counts as an emergency (the English words are the domain's `emergencyNote`), with the
 * office's phone number in it made a link a phone can call.
 */
export function EmergencyNote({ id }: { id?: string }) {
  const { t } = useI18n();
  const [before, after] = t("portal.emergency", { phone: site.phone }).split(site.phone);
  return (
    <div
      id={id}
      className="flex gap-3 rounded-md border-2 border-destructive bg-background p-3 text-sm"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
      <p>
        {before}
        {after === undefined ? null : (
          <>
            <a href={site.phoneHref} className="font-semibold text-primary underline">
              {site.phone}
            </a>
            {after}
          </>
        )}
      </p>
    </div>
  );
}
