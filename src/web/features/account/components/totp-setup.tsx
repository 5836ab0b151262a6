import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { totpConfirmSchema } from "#domain/mfa";
import type { z } from "#domain/zod";
import { Button } from "#web/components/ui/button";
import { TextField } from "#web/components/ui/form-field";
import { Skeleton } from "#web/components/ui/skeleton";
import { ApiError, failureDetail, isRefusal } from "#web/lib/api-client";
import { withoutSpaces } from "#web/lib/utils";
import { useTotpConfirm } from "../use-second-step";

type CodeForm = z.input<typeof totpConfirmSchema>;

/** The secret in groups of four, easier to type by hand: "JBSW Y3DP EHPK 3PXP". */
export const groupsOfFour = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** The QR code of the otpauth:// address, made in the browser (qrcode is loaded only here). */
function QrCode({ otpauthUrl }: { otpauthUrl: string }) {
  const [image, setImage] = useState<{ src: string } | { failed: true } | null>(null);
  useEffect(() => {
    let current = true;
    import("qrcode")
      .then((qr) => qr.toDataURL(otpauthUrl, { margin: 1, width: 200 }))
      .then(
        (src) => current && setImage({ src }),
        () => current && setImage({ failed: true }),
      );
    return () => {
      current = false;
    };
  }, [otpauthUrl]);

  if (!image)
    return (
      <div role="status">
        <Skeleton className="size-[200px]" />
        <span className="sr-only">Making the QR code...</span>
      </div>
    );
  if ("failed" in image)
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        The QR code could not be shown. Type the key below into the app instead.
      </p>
    );
  return (
    <img
      src={image.src}
      alt="QR code to scan with your authenticator app"
      width={200}
      height={200}
      className="rounded-md border border-border bg-white"
    />
  );
}

/**
 * Turning the authenticator app on, after the password: scan the QR code (or type the key),
 * then enter a code from the app to prove it works. A wrong code is said on the field; a set-up
 * that expired (409) ends here with the server's words, for `onExpired` to show.
 */
export function TotpSetup({
  secret,
  otpauthUrl,
  onEnabled,
  onCancel,
  onExpired,
}: {
  secret: string;
  otpauthUrl: string;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
  onExpired: (message: string) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const confirm = useTotpConfirm();
  const form = useForm<CodeForm>({
    resolver: zodResolver(totpConfirmSchema),
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setProblem(null);
    try {
      const { recoveryCodes } = await confirm.mutateAsync(code);
      onEnabled(recoveryCodes);
    } catch (error) {
      if (isRefusal(error, "totp_code_invalid"))
        form.setError("code", { message: error.message }, { shouldFocus: true });
      // 409: the set-up expired, was never started, or the app is on already (another tab).
      else if (error instanceof ApiError && error.status === 409) onExpired(failureDetail(error));
      else setProblem(failureDetail(error));
    }
  });

  return (
    <div className="grid gap-4 rounded-md border border-border p-4">
      <h4 ref={heading} tabIndex={-1} className="font-semibold outline-none">
        Scan this QR code with your authenticator app
      </h4>
      <QrCode otpauthUrl={otpauthUrl} />
      <div className="grid gap-1">
        <p className="text-sm">Cannot scan it? Type this key into the app instead:</p>
        <code className="break-all font-mono text-base tracking-wider">{groupsOfFour(secret)}</code>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Confirm the app">
        <TextField
          label="Code from the app"
          hint="Enter the 6-digit code the app shows now."
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          error={errors.code?.message}
          {...form.register("code", { setValueAs: withoutSpaces })}
        />
        {problem ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" className="min-h-11" disabled={isSubmitting}>
            {isSubmitting ? "Turning on..." : "Turn on"}
          </Button>
          <Button variant="outline" className="min-h-11" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
