import { type ComponentProps, type ReactNode, useId } from "react";
import { useI18n } from "#web/i18n/i18n-provider";
import { translateMessage } from "#web/i18n/translate-message";
import { cn } from "#web/lib/utils";

const control =
  "w-full rounded-md border border-border bg-background px-3 py-2 text-base shadow-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive";

type FieldProps = { label: string; error?: string; hint?: string };
type ControlProps = {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  className: string;
};

/**
 * A label, a control and its message, tied together: the error is announced, marks the control
 * invalid and describes it; otherwise the hint does. The error is a schema's or the server's
 * English text: it is shown in the page's language (unchanged on the back office's pages).
 */
function Field({
  label,
  error,
  hint,
  className,
  children,
}: FieldProps & {
  className?: string;
  children: (control: Omit<ControlProps, "className">) => ReactNode;
}) {
  const id = useId();
  const { t } = useI18n();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {translateMessage(t, error)}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  className,
  ...props
}: FieldProps & ComponentProps<"input">) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(ids) => <input {...ids} className={cn(control, "h-11")} {...props} />}
    </Field>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  ...props
}: FieldProps & ComponentProps<"textarea">) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(ids) => <textarea {...ids} className={cn(control, "min-h-32")} {...props} />}
    </Field>
  );
}

export function SelectField({
  label,
  error,
  hint,
  className,
  children,
  ...props
}: FieldProps & ComponentProps<"select">) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(ids) => (
        <select {...ids} className={cn(control, "h-11")} {...props}>
          {children}
        </select>
      )}
    </Field>
  );
}

/** A checkbox with its label beside it (the whole row is the click target). */
export function CheckboxField({
  label,
  className,
  ...props
}: { label: string; className?: string } & Omit<ComponentProps<"input">, "type">) {
  const id = useId();
  return (
    <div className={cn("flex min-h-11 items-center gap-3", className)}>
      <input
        id={id}
        type="checkbox"
        className="size-5 shrink-0 rounded border-border accent-[var(--color-primary)]"
        {...props}
      />
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
    </div>
  );
}
