import { useId } from "react";
import { cn } from "#web/lib/utils";

type Option<T extends string> = { value: T; label: string; description: string };

/**
 * A set of radio buttons drawn as cards (a fieldset, its legend and native radios: arrow keys
 * move between them). The whole card is the click target, at least 44 px tall.
 */
export function OptionGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly Option<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-base font-semibold">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className={cn(
                "flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-border p-3",
                "has-checked:border-primary has-checked:bg-secondary",
              )}
            >
              <input
                id={optionId}
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                // The card's title names the radio; its longer text describes it.
                aria-labelledby={`${optionId}-label`}
                aria-describedby={`${optionId}-description`}
                className="mt-0.5 size-5 shrink-0 accent-[var(--color-primary)]"
              />
              <span className="grid gap-0.5">
                <span id={`${optionId}-label`} className="text-sm font-medium">
                  {option.label}
                </span>
                <span id={`${optionId}-description`} className="text-sm text-muted-foreground">
                  {option.description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
