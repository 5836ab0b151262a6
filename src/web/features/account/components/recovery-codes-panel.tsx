import { Check, Copy, Download, KeySquare } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { downloadFile } from "#web/lib/download-file";
import { formatDateTime } from "#web/lib/format-date-time";

export const RECOVERY_CODES_FILE = "charter-oak-recovery-codes.txt";

/** The saved file: who it is for, when it was made, that each code works once, the codes. */
export function recoveryCodesText(codes: string[], email: string | undefined, now = new Date()) {
  return [
    `Charter Oak Rentals recovery codes${email ? ` for ${email}` : ""}`,
    `Made on ${formatDateTime(now.toISOString())}. Each code works once.`,
    "Use one to sign in when your authenticator app or passkey is not at hand.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/**
 * The ten recovery codes, shown once: right after the second step is turned on, or after new
 * ones are made. Download and Copy keep them; "I have saved them" closes the panel for good.
 * Focus moves to its heading when it appears, so a screen reader starts reading there.
 */
export function RecoveryCodesPanel({
  codes,
  email,
  onClose,
}: {
  codes: string[];
  email?: string;
  onClose: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopied("The codes are copied.");
    } catch {
      setCopied("The codes could not be copied. Select them and copy them by hand.");
    }
  };

  return (
    <Card className="grid gap-4 border-2 border-primary p-4 sm:p-6">
      <section aria-labelledby="recovery-codes-heading" className="grid gap-4">
        <div className="flex items-start gap-3">
          <KeySquare aria-hidden="true" className="mt-1 size-5 shrink-0" />
          <div>
            <h3
              id="recovery-codes-heading"
              ref={heading}
              tabIndex={-1}
              className="text-lg font-bold outline-none"
            >
              Save your recovery codes
            </h3>
            <p className="text-sm text-muted-foreground">
              If you lose your phone or passkey, each code lets you sign in once. Keep them
              somewhere safe, such as a password manager or a printed page.{" "}
              <strong className="font-semibold text-foreground">
                They will not be shown again.
              </strong>
            </p>
          </div>
        </div>
        <ul
          aria-label="Recovery codes"
          className="grid grid-cols-1 gap-2 rounded-md bg-muted p-4 min-[360px]:grid-cols-2"
        >
          {codes.map((code) => (
            <li key={code}>
              <code className="font-mono text-base tracking-wide">{code}</code>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            className="min-h-11"
            onClick={() =>
              downloadFile(RECOVERY_CODES_FILE, recoveryCodesText(codes, email), "text/plain")
            }
          >
            <Download aria-hidden="true" />
            Download
          </Button>
          <Button variant="outline" className="min-h-11" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copy
          </Button>
          <Button className="min-h-11" onClick={onClose}>
            <Check aria-hidden="true" />I have saved them
          </Button>
        </div>
        <p role="status" className="text-sm text-muted-foreground">
          {copied}
        </p>
      </section>
    </Card>
  );
}
