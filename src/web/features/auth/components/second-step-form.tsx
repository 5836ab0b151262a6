import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { mfaVerifySchema, type SecondStepMethod } from "#domain/mfa";
import type { z } from "#domain/zod";
import { Button } from "#web/components/ui/button";
import { TextField } from "#web/components/ui/form-field";
import { withoutSpaces } from "#web/lib/utils";

const codeFormSchema = mfaVerifySchema.pick({ code: true });
type CodeForm = z.input<typeof codeFormSchema>;

/**
 * The second step of a sign-in, in place of the password form: the authenticator's code or a
 * recovery code (one field takes either), a passkey when the account has one, or back to the
 * password. Focus lands on the code field when the step appears, and again after a wrong code.
 */
export function SecondStepForm({
  methods,
  pending,
  codeError,
  notice,
  onCode,
  onPasskey,
  onBack,
}: {
  methods: SecondStepMethod[];
  pending: boolean;
  codeError: string | null;
  notice: string | null;
  onCode: (code: string) => Promise<void>;
  onPasskey: () => Promise<void>;
  onBack: () => void;
}) {
  const form = useForm<CodeForm>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: "" },
  });
  const { errors } = form.formState;

  useEffect(() => {
    form.setFocus("code", { shouldSelect: true });
  }, [form]);
  useEffect(() => {
    if (codeError) form.setFocus("code", { shouldSelect: true });
  }, [codeError, form]);

  const onSubmit = form.handleSubmit(({ code }) => onCode(code));

  return (
    <div className="grid gap-4">
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Two-step sign-in">
        <TextField
          label="Authentication code"
          hint={
            methods.includes("totp")
              ? "The 6-digit code from your authenticator app, or one of your recovery codes."
              : "One of your recovery codes, or use your passkey below."
          }
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={40}
          error={errors.code?.message ?? codeError ?? undefined}
          {...form.register("code", { setValueAs: withoutSpaces })}
        />
        <Button type="submit" size="lg" disabled={pending}>
          <ShieldCheck aria-hidden="true" />
          {pending ? "Verifying..." : "Verify"}
        </Button>
      </form>
      {methods.includes("passkey") ? (
        <Button variant="outline" size="lg" disabled={pending} onClick={() => void onPasskey()}>
          <KeyRound aria-hidden="true" />
          Use a passkey instead
        </Button>
      ) : null}
      <p role="status" className="text-center text-sm text-muted-foreground">
        {notice}
      </p>
      <Button variant="link" className="min-h-11" disabled={pending} onClick={onBack}>
        Back to sign in
      </Button>
    </div>
  );
}
