import { useRef } from "react";
import type { ConsentStatus } from "#domain/consent";
import type { Translator } from "#domain/i18n/translator";
import { OFFICE_TIME_ZONE } from "#domain/locale";
import { Button } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";
import { readAcceptance, resetConsent, useConsentStatus } from "../consent-store";

function describe(status: ConsentStatus, { t, intl }: Translator): string {
  switch (status) {
    case "accepted": {
      const record = readAcceptance();
      const date = record
        ? new Intl.DateTimeFormat(intl, { dateStyle: "long", timeZone: OFFICE_TIME_ZONE }).format(
            new Date(record.date),
          )
        : "";
      return t("consent.choice.accepted", { date });
    }
    case "declined":
      return t("consent.choice.declined");
    case "closed":
      return t("consent.choice.closed");
    case "unset":
      return t("consent.choice.unset");
  }
}

/**
 * The visitor's answer to the privacy banner, shown in the privacy policy, with the way to take
 * it back: forgetting the answer brings the banner back, so the visitor can choose again.
 */
export function ConsentChoicePanel() {
  const status = useConsentStatus();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const translator = useI18n();
  const { t } = translator;

  function changeChoice() {
    resetConsent();
    // The button goes away with the answer: keep the keyboard where the new status is read out.
    statusRef.current?.focus();
  }

  return (
    <div className="rounded-lg bg-muted p-5">
      <h3 className="mt-0! font-semibold">{t("consent.choice.title")}</h3>
      {/* Empty until hydration: storage only exists in the browser. */}
      <p ref={statusRef} tabIndex={-1} className="mt-2 min-h-6 text-sm">
        {status === "unknown" ? "" : describe(status, translator)}
      </p>
      {status !== "unknown" && status !== "unset" && (
        <Button variant="outline" className="mt-3 h-11" onClick={changeChoice}>
          {t("consent.choice.change")}
        </Button>
      )}
    </div>
  );
}
