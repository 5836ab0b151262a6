import { type ComponentProps, useId } from "react";
import { cn } from "#web/lib/utils";

type SwitchProps = {
  label: string;
  /** A line under the label, read out as the switch's description. */
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
} & Omit<ComponentProps<"button">, "children" | "role" | "onChange" | "value">;

/**
 * An on/off switch (WAI-ARIA switch pattern): a button with role="switch" and aria-checked, its
 * label beside it. Clicking the label toggles it too; Space and Enter work as on any button. The
 * button is 44 px tall for touch, the drawn track smaller.
 */
export function Switch({
  label,
  description,
  checked,
  onCheckedChange,
  className,
  id: idProp,
  onClick,
  ...props
}: SwitchProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className={cn("flex min-h-11 items-center justify-between gap-4", className)}>
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-sm text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={descriptionId}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented) onCheckedChange(!checked);
        }}
        className="group inline-flex h-11 w-14 shrink-0 items-center justify-center rounded-full disabled:cursor-not-allowed disabled:opacity-60"
        {...props}
      >
        <span
          aria-hidden="true"
          className="flex h-6 w-11 items-center rounded-full bg-muted-foreground p-0.5 transition-colors group-aria-checked:bg-primary"
        >
          <span className="size-5 rounded-full bg-background shadow-sm transition-transform group-aria-checked:translate-x-5" />
        </span>
      </button>
    </div>
  );
}
