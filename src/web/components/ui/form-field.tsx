import { type ComponentProps, useId } from "react";
import { cn } from "../../lib/utils";

const control =
  "w-full rounded-md border border-border bg-background px-3 py-2 text-base shadow-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive";

type FieldProps = {
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby) and announced. */
export function TextField({
  label,
  error,
  hint,
  className,
  ...props
}: FieldProps & ComponentProps<"input">) {
  const id = useId();
  return (
    <div className={cn("grid gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={cn(control, "h-11")}
        {...props}
      />
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  ...props
}: FieldProps & ComponentProps<"textarea">) {
  const id = useId();
  return (
    <div className={cn("grid gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={cn(control, "min-h-32")}
        {...props}
      />
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error) {
    return (
      <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
        {error}
      </p>
    );
  }
  return hint ? (
    <p id={`${id}-hint`} className="text-sm text-muted-foreground">
      {hint}
    </p>
  ) : null;
}
