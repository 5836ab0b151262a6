import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { passkeyNameSchema, passwordCheckSchema } from "#domain/mfa";
import { z } from "#domain/zod";
import { Button } from "#web/components/ui/button";
import { DialogClose, DialogContent, Dialog as DialogRoot } from "#web/components/ui/dialog";
import { TextField } from "#web/components/ui/form-field";
import { ApiError, failureDetail, isRefusal } from "#web/lib/api-client";
import { PasskeyPromptClosed } from "#web/lib/passkey-prompt";

const withName = passwordCheckSchema.extend({ name: passkeyNameSchema });
const passwordOnly = passwordCheckSchema.extend({ name: z.string() });
type Input = z.infer<typeof withName>;

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
  /** The change itself; its failure stays in the dialog, its success closes it. */
  onConfirm: (input: Input) => Promise<void>;
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
  onConfirm,
  onDone,
}: Pick<
  PasswordDialogProps,
  "confirmLabel" | "busyLabel" | "destructive" | "askName" | "onConfirm"
> & { onDone: () => void }) {
  const form = useForm<Input>({
    resolver: zodResolver(askName ? withName : passwordOnly),
    defaultValues: { password: "", name: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (input) => {
    setProblem(null);
    setNotice(null);
    try {
      await onConfirm(input);
      onDone();
    } catch (error) {
      if (isRefusal(error, "password_incorrect"))
        form.setError("password", { message: error.message }, { shouldFocus: true });
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
