/**
 * localStorage, read defensively: it may be missing (server render), blocked (privacy settings)
 * or hold something that is not JSON. None of that may break a page.
 */
export function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** `found: false` when nothing is stored; `value: undefined` when what is stored is not JSON. */
export function readJson(storage: Storage | null, key: string): { found: boolean; value: unknown } {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(key) ?? null;
  } catch {
    return { found: false, value: undefined };
  }
  if (raw === null) return { found: false, value: undefined };
  try {
    return { found: true, value: JSON.parse(raw) };
  } catch {
    return { found: true, value: undefined };
  }
}

/** Calls `onChange` when another tab changes `key` (or clears the storage). */
export function onOtherTabChange(key: string, onChange: () => void): () => void {
  if (typeof window === "undefined") return () => {};
  const listener = (event: StorageEvent) => {
    if (event.key === key || event.key === null) onChange();
  };
  window.addEventListener("storage", listener);
  return () => window.removeEventListener("storage", listener);
}
