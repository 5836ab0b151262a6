import { ShieldAlert, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "#web/components/ui/button";
import { hasSecondStep, useSecondStepStatus } from "../use-second-step";

/** Dismissed for this browser tab's session: the reminder comes back in a new one. */
const DISMISSED_KEY = "second-step-reminder-dismissed";

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

/**
 * A reminder on the dashboard for an administrator without a second sign-in step, when the
 * office does not yet require one (when it does, the back office sends them to add it instead).
 * Nothing shows while the status loads or if it cannot be read: it is only a reminder.
 */
export function SecondStepReminder({ onDismiss }: { onDismiss?: () => void }) {
  const status = useSecondStepStatus();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const data = status.data;
  if (!data || dismissed || hasSecondStep(data) || data.required) return null;

  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      // Storage unavailable: hidden until the page is left.
    }
    setDismissed(true);
    onDismiss?.();
  };

  return (
    <section
      aria-label="Security reminder"
      className="flex items-start gap-3 rounded-md border border-[#f59e0b] bg-[#fef3c7] p-4 text-[#78350f]"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">Protect your account with a second sign-in step.</span>{" "}
        <Link to="/account/security" className="font-semibold underline underline-offset-2">
          Set it up
        </Link>
      </p>
      <Button
        variant="ghost"
        size="icon"
        className="-my-2 -mr-2 shrink-0"
        aria-label="Dismiss this reminder"
        onClick={dismiss}
      >
        <X aria-hidden="true" />
      </Button>
    </section>
  );
}
