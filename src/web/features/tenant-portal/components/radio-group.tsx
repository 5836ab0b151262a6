import { type ComponentProps, type ReactNode, useId } from "react";
import { useI18n } from "#web/i18n/i18n-provider";
import { translateMessage } from "#web/i18n/translate-message";
import { cn } from "#web/lib/utils";

export type RadioChoice = { value: string; label: string; hint?: string };

/**
 * One question with its answers as radio buttons: a fieldset named by its legend, each answer's
 * hint tied to its button, and the error (in the page's language) announced and tied to the group.
 */
export function RadioGroup({
  legend,
  choices,
  error,
  note,
  inputProps,
  className,
}: {
  legend: string;
  choices: RadioChoice[];
  error?: string;
  /** Shown under the legend (e.g. what counts as an emergency), and describing the group. */
  note?: ReactNode;
  /** What every radio gets: react-hook-form's `register(name)`. */
  inputProps: Omit<ComponentProps<"input">, "type" | "value" | "id">;
  className?: string;
}) {
  const id = useId();
  const { t } = useI18n();
  const describedBy = [note ? `${id}-note` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset
      className={cn("grid gap-2", className)}
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {note ? <div id={`${id}-note`}>{note}</div> : null}
      {choices.map((choice) => {
        const radioId = `${id}-${choice.value}`;
        return (
          <div
            key={choice.value}
            className="flex min-h-11 items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-secondary"
          >
            <input
              id={radioId}
              type="radio"
              value={choice.value}
              aria-describedby={choice.hint ? `${radioId}-hint` : undefined}
              className="mt-0.5 size-5 shrink-0 accent-[var(--color-primary)]"
              {...inputProps}
            />
            <div className="grid gap-0.5">
              <label htmlFor={radioId} className="text-sm font-semibold">
                {choice.label}
              </label>
              {choice.hint ? (
                <span id={`${radioId}-hint`} className="text-sm text-muted-foreground">
                  {choice.hint}
                </span>
              ) : null}
            </div>
          </div>
        );
      })}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {translateMessage(t, error)}
        </p>
      ) : null}
    </fieldset>
  );
}
