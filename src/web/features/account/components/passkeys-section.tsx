import { Fingerprint, KeyRound, Plus } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { type MfaStatus, mfaMessages, type Passkey } from "#domain/mfa";
import { PasswordDialog } from "#web/components/forms/password-dialog";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { formatDateTime } from "#web/lib/format-date-time";
import { useAddPasskey, useRemovePasskey, useSendEnrolmentCode } from "../use-second-step";

function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="flex min-w-0 items-start gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0">
          <p className="break-words font-semibold">{passkey.name}</p>
          <p className="text-sm text-muted-foreground">
            Added <time dateTime={passkey.createdAt}>{formatDateTime(passkey.createdAt)}</time>
            {" · "}
            {passkey.lastUsedAt ? (
              <>
                Last used{" "}
                <time dateTime={passkey.lastUsedAt}>{formatDateTime(passkey.lastUsedAt)}</time>
              </>
            ) : (
              "Never used"
            )}
          </p>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="min-h-11"
        aria-label={`Remove passkey ${passkey.name}`}
        onClick={onRemove}
      >
        Remove
      </Button>
    </Card>
  );
}

/**
 * Passkeys: the device's own lock (fingerprint, face, PIN) instead of a code. Listed with when
 * each was added and last used; added with a name and the password, then the browser's prompt;
 * removed with the password. The first second step of an account also brings recovery codes.
 */
export function PasskeysSection({
  status,
  onRecoveryCodes,
}: {
  status: MfaStatus;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const sendCode = useSendEnrolmentCode();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { passkeys } = status;

  return (
    <section aria-labelledby="passkeys-heading">
      <Card className="grid gap-4 p-4 sm:p-6">
        <div className="flex items-start gap-3">
          <Fingerprint aria-hidden="true" className="mt-1 size-5 shrink-0" />
          <div className="grid gap-1">
            <h3
              id="passkeys-heading"
              ref={heading}
              tabIndex={-1}
              className="text-lg font-bold outline-none"
            >
              Passkeys
            </h3>
            <p className="text-sm text-muted-foreground">
              A passkey lets this computer or phone confirm it is you with its fingerprint, face or
              PIN, instead of a code.
            </p>
          </div>
        </div>
        {passkeys.length === 0 ? (
          <p className="text-sm">You have no passkeys yet.</p>
        ) : (
          <ul aria-label="Passkeys" className="grid gap-3">
            {passkeys.map((passkey) => (
              <li key={passkey.id}>
                <PasskeyRow passkey={passkey} onRemove={() => setRemoving(passkey)} />
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button className="min-h-11" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add a passkey
          </Button>
        </div>
      </Card>

      <PasswordDialog
        open={adding}
        onOpenChange={setAdding}
        title="Add a passkey"
        description="Name the passkey and enter your password. Then follow your browser's steps."
        confirmLabel="Add passkey"
        busyLabel="Waiting for your passkey..."
        askName
        emailCode={status.emailCodeNeeded ? { sendCode } : undefined}
        onConfirm={async ({ name, password, emailCode }) => {
          const { recoveryCodes } = await add({ name, password, emailCode });
          toast.success(mfaMessages.passkeyAdded);
          if (recoveryCodes) onRecoveryCodes(recoveryCodes);
        }}
      />
      <PasswordDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        description={`Enter your password to remove the passkey "${removing?.name ?? ""}". It will no longer sign you in.`}
        confirmLabel="Remove passkey"
        busyLabel="Removing..."
        destructive
        onConfirm={async ({ password }) => {
          if (!removing) return;
          await remove.mutateAsync({ id: removing.id, password });
          toast.success(mfaMessages.passkeyRemoved);
        }}
        // The removed row's button is about to go: the section's heading takes the focus.
        focusAfterSuccess={() => heading.current}
      />
    </section>
  );
}
