import { LifeBuoy } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { type MfaStatus, mfaMessages, RECOVERY_CODE_COUNT } from "#domain/mfa";
import { PasswordDialog } from "#web/components/forms/password-dialog";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { useRegenerateRecoveryCodes } from "../use-second-step";

/** Few enough left to say so. */
const LOW = 3;

/**
 * Recovery codes: how many of the ten are left, and ten new ones (the old ones stop working)
 * with the password. Shown only while a second step is on.
 */
export function RecoveryCodesSection({
  status,
  onRecoveryCodes,
}: {
  status: MfaStatus;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const regenerate = useRegenerateRecoveryCodes();
  const [asking, setAsking] = useState(false);
  const left = status.recoveryCodesLeft;

  return (
    <section aria-labelledby="recovery-heading">
      <Card className="grid gap-4 p-4 sm:p-6">
        <div className="flex items-start gap-3">
          <LifeBuoy aria-hidden="true" className="mt-1 size-5 shrink-0" />
          <div className="grid gap-1">
            <h3 id="recovery-heading" className="text-lg font-bold">
              Recovery codes
            </h3>
            <p className="text-sm text-muted-foreground">
              For when your phone or passkey is not at hand: each code signs you in once.
            </p>
          </div>
        </div>
        <p className={left <= LOW ? "font-semibold text-destructive" : "font-semibold"}>
          {`${left} of ${RECOVERY_CODE_COUNT} left.`}
          {left <= LOW ? " Make new codes soon." : null}
        </p>
        <div>
          <Button variant="outline" className="min-h-11" onClick={() => setAsking(true)}>
            Make new codes
          </Button>
        </div>
      </Card>
      <PasswordDialog
        open={asking}
        onOpenChange={setAsking}
        description={`Enter your password to make ${RECOVERY_CODE_COUNT} new recovery codes. The old ones will stop working.`}
        confirmLabel="Make new codes"
        busyLabel="Making codes..."
        onConfirm={async ({ password }) => {
          const { recoveryCodes } = await regenerate.mutateAsync(password);
          toast.success(mfaMessages.codesRegenerated);
          onRecoveryCodes(recoveryCodes);
        }}
      />
    </section>
  );
}
