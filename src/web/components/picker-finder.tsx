import { useId, useState } from "react";

/**
 * Whether a picker shows its finder: once there was more to offer than the list held, from then
 * on. Clearing the words brings back the long list a moment later; a finder that went away
 * meanwhile would take the focus and the typing with it.
 */
export function useFinderShown(needed: boolean): boolean {
  const [shown, setShown] = useState(needed);
  if (needed && !shown) setShown(true);
  return shown || needed;
}

/**
 * The small search field above a back-office picker's list, shown when the server has more to
 * offer than the list holds: its words narrow the list on the server, and the line under it says
 * how much of the whole the list is ("The first 50 of 2,000 buildings by name").
 */
export function PickerFinder({
  label,
  placeholder,
  typed,
  onType,
  shown,
  total,
  things,
  order,
}: {
  label: string;
  placeholder: string;
  typed: string;
  onType: (value: string) => void;
  shown: number;
  total: number;
  /** What the picker lists, one and many: ["building", "buildings"]. */
  things: readonly [string, string];
  /** How the first ones are chosen: "by name". */
  order: string;
}) {
  const [one, many] = things;
  const id = useId();
  return (
    <div className="grid gap-1 text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={typed}
        onChange={(event) => onType(event.target.value)}
        maxLength={200}
        placeholder={placeholder}
        aria-describedby={`${id}-status`}
        className="h-11 rounded-md border border-border bg-background px-3 text-base shadow-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <span id={`${id}-status`} className="text-muted-foreground" aria-live="polite">
        {total > shown
          ? `The first ${shown} of ${total} ${many} ${order}: type to narrow the list.`
          : `${total} ${total === 1 ? `${one} matches` : `${many} match`}.`}
      </span>
    </div>
  );
}
