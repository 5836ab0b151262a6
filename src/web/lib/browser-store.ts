import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

/** True once the page's first render in this browser has hydrated; never on the server. */
let hydrated = false;

/** Whether the page has hydrated, read outside a render's hooks (false on the server). */
export function hasHydrated(): boolean {
  return hydrated;
}

/**
 * False on the server and while the page hydrates, then true. The switch happens in a
 * transition: what a browser renders differently from the server (the privacy banner, stored
 * preferences, notifications, the session) then re-renders in short slices a tap can interrupt,
 * instead of one long task right after hydration, when a phone is busiest. A component mounted
 * after that (a page opened from a link) starts at true and renders its browser state at once.
 */
export function useHydrated(): boolean {
  const [done, setDone] = useState(hydrated);
  useEffect(() => {
    if (done) return;
    hydrated = true;
    startTransition(() => setDone(true));
  }, [done]);
  return done;
}

/**
 * useSyncExternalStore for a store only the browser can read (its storage, its own copy): the
 * server's snapshot on the server and during hydration, so both render the same HTML, and the
 * browser's from the transition of useHydrated on. Plain useSyncExternalStore would find the two
 * different right after hydration and re-render at once, synchronously, in the task that runs
 * the page's effects.
 */
export function useBrowserStore<T>(
  subscribe: (listener: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot: () => T,
): T {
  const live = useHydrated();
  return useSyncExternalStore(subscribe, live ? getSnapshot : getServerSnapshot, getServerSnapshot);
}
