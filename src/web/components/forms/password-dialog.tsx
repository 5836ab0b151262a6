import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { enrolmentCheckSchema, passkeyNameSchema } from "#domain/mfa";
import { z } from "#domain/zod";
import { Button } from "#web/components/ui/button";
import { DialogClose, DialogContent, Dialog as DialogRoot } from "#web/components/ui/dialog";
import { TextField } from "#web/components/ui/form-field";
import { ApiError, failureDetail, isRefusal } from "#web/lib/api-client";
import { PasskeyPromptClosed } from "#web/lib/passkey-prompt";

/** The e-mailed code, when the dialog asks for it: then it must be there. */
const emailCodeGiven = enrolmentCheckSchema.shape.emailCode.unwrap();
const schemaOf = (askName: boolean, askEmailCode: boolean) =>
  enrolmentCheckSchema.extend({
    name: askName ? passkeyNameSchema : z.string(),
    emailCode: askEmailCode ? emailCodeGiven : z.string(),
  });
type Input = z.infer<ReturnType<typeof schemaOf>>;

export type PasswordDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  destructive?: boolean;
  /** Also asks for a name (a new passkey's). */
  askName?: boolean;
  /**
   * Also asks for the code e-mailed to the account (an administrator's first second step when
   * the office requires one); `sendCode` e-mails it and answers what to say.
   */
  emailCode?: { sendCode: () => Promise<string> };
  /** The change itself; its failure stays in the dialog, its success closes it. */
  onConfirm: (input: Omit<Input, "emailCode"> & { emailCode?: string }) => Promise<void>;
  /**
   * Where focus goes after a success when the button that opened the dialog is about to go (a
   * removed row's). Otherwise it stays where the change's new content put it, else returns to
   * that button.
   */
  focusAfterSuccess?: () => HTMLElement | null | undefined;
};

/** What a failure says: a wrong password on its field, anything else above the buttons. */
function problemOf(error: unknown): string {
  if (error instanceof ApiError) return failureDetail(error);
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}

function PasswordForm({
  confirmLabel,
  busyLabel,
  destructive,
  askName,
  emailCode,
  onConfirm,
  onDone,
}: Pick<
  PasswordDialogProps,
  "confirmLabel" | "busyLabel" | "destructive" | "askName" | "emailCode" | "onConfirm"
> & { onDone: () => void }) {
  const form = useForm<Input>({
    resolver: zodResolver(schemaOf(Boolean(askName), Boolean(emailCode))),
    defaultValues: { password: "", name: "", emailCode: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (input) => {
    setProblem(null);
    setNotice(null);
    try {
      await onConfirm({ ...input, emailCode: emailCode ? input.emailCode : undefined });
      onDone();
    } catch (error) {
      if (isRefusal(error, "password_incorrect"))
        form.setError("password", { message: error.message }, { shouldFocus: true });
      else if (emailCode && error instanceof ApiError && error.status === 400)
        form.setError("emailCode", { message: failureDetail(error) }, { shouldFocus: true });
      else if (error instanceof PasskeyPromptClosed) setNotice(error.message);
      else setProblem(problemOf(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {askName ? (
        <TextField
          label="Passkey name"
          hint="For example, the device it is on: Office laptop, My phone."
          autoComplete="off"
          autoFocus
          maxLength={60}
          error={errors.name?.message}
          {...form.register("name")}
        />
      ) : null}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        autoFocus={!askName}
        error={errors.password?.message}
        {...form.register("password")}
      />
      {emailCode ? (
        <EmailCodeField
          sendCode={emailCode.sendCode}
          error={errors.emailCode?.message}
          onSent={setNotice}
          onProblem={setProblem}
          field={form.register("emailCode")}
        />
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : null}
      <p role="status" className="text-sm text-muted-foreground">
        {notice}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" className="min-h-11">
            Cancel
          </Button>
        </DialogClose>
        <Button
          type="submit"
          variant={destructive ? "destructive" : "default"}
          className="min-h-11"
          disabled={isSubmitting}
        >
          {isSubmitting ? busyLabel : confirmLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * The e-mailed code: its field, and the button that sends it (the first press, or again when it
 * did not come or ran out). What the sending says goes to the form's status line.
 */
function EmailCodeField({
  sendCode,
  error,
  onSent,
  onProblem,
  field,
}: {
  sendCode: () => Promise<string>;
  error?: string;
  onSent: (message: string) => void;
  onProblem: (message: string | null) => void;
  field: ReturnType<ReturnType<typeof useForm<Input>>["register"]>;
}) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <div className="grid gap-2">
      <TextField
        label="Code from your e-mail"
        hint="The office asks for it before your first second sign-in step."
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={error}
        {...field}
      />
      <Button
        type="button"
        variant="outline"
        className="min-h-11 justify-self-start"
        disabled={sending}
        onClick={async () => {
          setSending(true);
          onProblem(null);
          try {
            onSent(await sendCode());
            setSent(true);
          } catch (failure) {
            onProblem(problemOf(failure));
          } finally {
            setSending(false);
          }
        }}
      >
        {sending ? "Sending..." : sent ? "Send another code" : "E-mail me a code"}
      </Button>
    </div>
  );
}

/**
 * "Confirm your password": asked before every change to how this account signs in. A wrong
 * password is said on its field (the server's words), a closed passkey prompt as a quiet note;
 * the dialog closes once the change is made. Focus returns to the button that opened it, unless
 * the change moved it on (see `focusAfterSuccess`).
 */
export function PasswordDialog({
  open,
  onOpenChange,
  title = "Confirm your password",
  description,
  focusAfterSuccess,
  ...form
}: PasswordDialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  const succeeded = useRef(false);
  // Opened from a plain button, not a Radix trigger: the focus to return to is read while
  // rendering the opening, before Radix moves focus into the dialog.
  if (open && !wasOpen.current && typeof document !== "undefined") {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    succeeded.current = false;
  }
  wasOpen.current = open;

  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        description={description}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (succeeded.current) {
            const next = focusAfterSuccess?.();
            if (next) return next.focus();
            // What the change showed (a set-up, the recovery codes) has taken the focus.
            if (document.activeElement && document.activeElement !== document.body) return;
          }
          if (opener.current?.isConnected) opener.current.focus();
        }}
      >
        <PasswordForm
          {...form}
          onDone={() => {
            succeeded.current = true;
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </DialogRoot>
  );
}
