import { useId } from "react";
import { cn } from "#web/lib/utils";

/**
 * 'Show': one of a few values, as a segmented control. Native radio buttons underneath, so the
 * arrow keys, the label and the checked state need no scripting.
 */
export function SegmentedFilter<T extends string>({
  legend = "Show",
  options,
  labels,
  value,
  onChange,
}: {
  legend?: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <legend className="float-left mr-3 text-sm font-medium">{legend}</legend>
      <div className="inline-flex flex-wrap rounded-lg bg-black/5 p-1">
        {options.map((option) => (
          <label
            key={option}
            className={cn(
              "inline-flex min-h-11 cursor-pointer items-center rounded-md px-4 text-sm font-semibold text-muted-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
              option === value && "bg-background text-foreground shadow-sm",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={option === value}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
