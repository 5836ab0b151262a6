import { useRef } from "react";
import type { ConsentStatus } from "#domain/consent";
import { Button } from "#web/components/ui/button";
import { readAcceptance, resetConsent, useConsentStatus } from "../consent-store";

function describe(status: ConsentStatus): string {
  switch (status) {
    case "accepted": {
      const record = readAcceptance();
      const date = record
        ? new Date(record.date).toLocaleDateString("en-US", { dateStyle: "long" })
        : "";
      return `You accepted on ${date}. The privacy banner will not ask again in this browser.`;
    }
    case "declined":
      return "You declined for this browser session. The privacy banner will ask again on your next visit.";
    case "closed":
      return "You closed the privacy banner without answering. It will ask again on your next visit.";
    case "unset":
      return "You have not answered yet: the privacy banner is at the bottom of the page.";
  }
}

/**
 * The visitor's answer to the privacy banner, shown in the privacy policy, with the way to take
 * it back: forgetting the answer brings the banner back, so the visitor can choose again.
 */
export function ConsentChoicePanel() {
  const status = useConsentStatus();
  const statusRef = useRef<HTMLParagraphElement>(null);

  function changeChoice() {
    resetConsent();
    // The button goes away with the answer: keep the keyboard where the new status is read out.
    statusRef.current?.focus();
  }

  return (
    <div className="rounded-lg bg-muted p-5">
      <h3 className="mt-0! font-semibold">Your choice in this browser</h3>
      {/* Empty until hydration: storage only exists in the browser. */}
      <p ref={statusRef} tabIndex={-1} className="mt-2 min-h-6 text-sm">
        {status === "unknown" ? "" : describe(status)}
      </p>
      {status !== "unknown" && status !== "unset" && (
        <Button variant="outline" className="mt-3 h-11" onClick={changeChoice}>
          Change my choice
        </Button>
      )}
    </div>
  );
}
