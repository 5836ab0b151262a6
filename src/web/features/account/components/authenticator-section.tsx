import { Smartphone } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { type MfaStatus, mfaMessages } from "#domain/mfa";
import { PasswordDialog } from "#web/components/forms/password-dialog";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { formatDateTime } from "#web/lib/format-date-time";
import { useSendEnrolmentCode, useTotpDisable, useTotpSetup } from "../use-second-step";
import { TotpSetup } from "./totp-setup";

/**
 * The authenticator app: off ("Turn on": the password, then the QR code and a code from the
 * app, then the recovery codes) or on since a date ("Turn off": the password).
 */
export function AuthenticatorSection({
  status,
  onRecoveryCodes,
}: {
  status: MfaStatus;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const setup = useTotpSetup();
  const disable = useTotpDisable();
  const sendCode = useSendEnrolmentCode();
  const [asking, setAsking] = useState<"on" | "off" | null>(null);
  const [secret, setSecret] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [expired, setExpired] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { enabled, enabledAt } = status.totp;

  const stop = (message: string | null) => {
    setSecret(null);
    setExpired(message);
    heading.current?.focus();
  };

  return (
    <section aria-labelledby="totp-heading">
      <Card className="grid gap-4 p-4 sm:p-6">
        <div className="flex items-start gap-3">
          <Smartphone aria-hidden="true" className="mt-1 size-5 shrink-0" />
          <div className="grid gap-1">
            <h3
              id="totp-heading"
              ref={heading}
              tabIndex={-1}
              className="flex flex-wrap items-center gap-2 text-lg font-bold outline-none"
            >
              Authenticator app{" "}
              {enabled ? <Badge variant="success">On</Badge> : <Badge variant="muted">Off</Badge>}
            </h3>
            <p className="text-sm text-muted-foreground">
              {enabled ? (
                <>
                  On since{" "}
                  <time dateTime={enabledAt ?? undefined}>{formatDateTime(enabledAt)}</time>. When
                  you sign in, enter the 6-digit code the app shows.
                </>
              ) : (
                "An app on your phone, such as Google Authenticator or Microsoft Authenticator, shows a new 6-digit code every 30 seconds. You enter it after your password."
              )}
            </p>
          </div>
        </div>

        {expired ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {expired}
          </p>
        ) : null}

        {secret ? (
          <TotpSetup
            {...secret}
            onEnabled={(codes) => {
              stop(null);
              toast.success(mfaMessages.totpEnabled);
              onRecoveryCodes(codes);
            }}
            onCancel={() => stop(null)}
            onExpired={stop}
          />
        ) : (
          <div>
            <Button
              variant={enabled ? "outline" : "default"}
              className="min-h-11"
              onClick={() => setAsking(enabled ? "off" : "on")}
            >
              {enabled ? "Turn off" : "Turn on"}
            </Button>
          </div>
        )}
      </Card>

      <PasswordDialog
        open={asking === "on"}
        onOpenChange={(open) => setAsking(open ? "on" : null)}
        description="Enter your password to start turning on the authenticator app."
        confirmLabel="Continue"
        busyLabel="Checking..."
        emailCode={status.emailCodeNeeded ? { sendCode } : undefined}
        onConfirm={async ({ password, emailCode }) => {
          setExpired(null);
          setSecret(await setup.mutateAsync({ password, emailCode }));
        }}
      />
      <PasswordDialog
        open={asking === "off"}
        onOpenChange={(open) => setAsking(open ? "off" : null)}
        description="Enter your password to turn off the authenticator app. You will no longer be asked for its code."
        confirmLabel="Turn off"
        busyLabel="Turning off..."
        destructive
        onConfirm={async ({ password }) => {
          await disable.mutateAsync(password);
          toast.success(mfaMessages.totpDisabled);
        }}
      />
    </section>
  );
}
