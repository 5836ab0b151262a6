import { ShieldAlert, ShieldCheck } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { LoadFailed } from "#web/components/load-failed";
import { Card } from "#web/components/ui/card";
import { Skeleton } from "#web/components/ui/skeleton";
import { hasSecondStep, useSecondStepStatus } from "../use-second-step";
import { AuthenticatorSection } from "./authenticator-section";
import { PasskeysSection } from "./passkeys-section";
import { RecoveryCodesPanel } from "./recovery-codes-panel";
import { RecoveryCodesSection } from "./recovery-codes-section";

export const enrollmentRequiredText =
  "The office requires a second sign-in step. Add an authenticator app or a passkey to use the back office.";

function Loading() {
  return (
    <div role="status" className="grid gap-3">
      <p className="text-muted-foreground">Loading your sign-in settings...</p>
      <Card className="grid gap-2 p-4">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
      </Card>
    </div>
  );
}

/**
 * The security page's second sign-in step: the authenticator app, passkeys and recovery codes,
 * and the recovery codes panel whichever of them made new codes. When the office requires a
 * second step (`required`, or `?enrol=required` after the back office refused) and none is on,
 * a banner says so first; once one is on, it says the back office is open.
 */
export function SecondStepSettings({
  enrolRequested,
  email,
}: {
  enrolRequested: boolean;
  email?: string;
}) {
  const status = useSecondStepStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const data = status.data;
  const on = data ? hasSecondStep(data) : false;
  const required = enrolRequested || data?.required === true;

  return (
    <section aria-labelledby="second-step-heading" className="grid gap-4">
      {required && !on ? (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-md border border-[#f59e0b] bg-[#fef3c7] p-4 text-[#78350f]"
        >
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p className="font-semibold">{enrollmentRequiredText}</p>
        </div>
      ) : null}
      {enrolRequested && on ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-md border border-[#86efac] bg-[#f0fdf4] p-4 text-[#14532d]"
        >
          <ShieldCheck aria-hidden="true" className="size-5 shrink-0" />
          <p className="font-semibold">Your second sign-in step is on.</p>
          <Link to="/admin-dashboard" className="font-semibold underline">
            Go to the Admin Dashboard
          </Link>
        </div>
      ) : null}
      <div>
        <h2
          id="second-step-heading"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-bold outline-none"
        >
          Second sign-in step
        </h2>
        <p className="text-sm text-muted-foreground">
          After your password, confirm it is you with an app on your phone or a passkey. Then a
          stolen password alone cannot open your account.
        </p>
      </div>

      {codes ? (
        <RecoveryCodesPanel
          codes={codes}
          email={email}
          onClose={() => {
            setCodes(null);
            heading.current?.focus();
          }}
        />
      ) : null}

      {status.isError ? (
        <LoadFailed headingLevel={3} title="Failed to load your sign-in settings" query={status} />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <AuthenticatorSection status={data} onRecoveryCodes={setCodes} />
          <PasskeysSection status={data} onRecoveryCodes={setCodes} />
          {on ? <RecoveryCodesSection status={data} onRecoveryCodes={setCodes} /> : null}
        </>
      )}
    </section>
  );
}
