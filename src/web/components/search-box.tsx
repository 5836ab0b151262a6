import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useDebouncedValue } from "#web/lib/use-debounced-value";
import { cn } from "#web/lib/utils";

/** A search asks once the typing has stopped for this long, not once per key. */
const SEARCH_DELAY_MS = 300;

/**
 * A back-office list's search box: its text follows the typing, the address (and so the list)
 * follows once the typing stops, replacing the entry rather than adding one per word.
 */
export function useSearchBox(q: string | undefined, setQ: (value: string) => void) {
  const [text, setText] = useState(q ?? "");
  const typed = useDebouncedValue(text, SEARCH_DELAY_MS).trim();
  const lastTyped = useRef(typed);
  useEffect(() => {
    if (typed === lastTyped.current) return;
    lastTyped.current = typed;
    setQ(typed);
  }, [typed, setQ]);
  return [text, setText] as const;
}

/** The search field itself: a magnifier, the words, the label said to screen readers. */
export function SearchBox({
  value,
  onChange,
  label,
  fill = false,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  /** The whole width of its place (a grid column), not a field's usual width. */
  fill?: boolean;
}) {
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={label}
        aria-label={label}
        maxLength={200}
        className={cn(
          "h-11 rounded-md border border-border bg-background pl-9 pr-3 text-base shadow-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          fill ? "w-full" : "w-64 max-w-full",
        )}
      />
    </div>
  );
}
