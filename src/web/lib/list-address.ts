import { useRef } from "react";
import { useSearchParams } from "react-router";

/**
 * A back-office list's filters and page, kept in the address: a person can share or reload the
 * view, and Back returns to the previous filters or page. The page is the cursor the previous
 * page's answer named (`cursor=`); changing a filter starts again from the first page. Other
 * parameters (the dashboard's `tab`) are kept as they are.
 */
export function useListAddress<const Key extends string>(keys: readonly Key[]) {
  const [params, setParams] = useSearchParams();
  // The address as the last render saw it, for changes made from an older render's callbacks:
  // a search box's debounced update, typed before a category was chosen, must not put the old
  // category back (setParams's own `current` is the params of the render that made the
  // callback, not the latest).
  const latest = useRef(params);
  latest.current = params;
  const filters = Object.fromEntries(
    keys.map((key) => [key, params.get(key) ?? undefined]),
  ) as Record<Key, string | undefined>;
  const cursor = params.get("cursor") ?? undefined;

  const change = (edit: (next: URLSearchParams) => void, replace = false) =>
    setParams(
      () => {
        const next = new URLSearchParams(latest.current);
        edit(next);
        return next;
      },
      { replace, preventScrollReset: true },
    );

  /**
   * Sets several filters at once (a form's Filter), one history entry, from the first page;
   * `keepPage` for what names no filter of the list (the record open beside it).
   */
  const setFilters = (
    values: Partial<Record<Key, string | undefined>>,
    { replace = false, keepPage = false } = {},
  ) =>
    change((next) => {
      for (const [key, value] of Object.entries(values) as [Key, string | undefined][]) {
        if (value === undefined || value === "") next.delete(key);
        else next.set(key, value);
      }
      if (!keepPage) next.delete("cursor");
    }, replace);

  return {
    filters,
    cursor,
    /** Sets one filter (empty or undefined removes it) and goes back to the first page. */
    setFilter(key: Key, value: string | undefined, { replace = false, keepPage = false } = {}) {
      setFilters({ [key]: value } as Partial<Record<Key, string>>, { replace, keepPage });
    },
    setFilters,
    /** The page after this one: its cursor in the address, a new history entry. */
    nextPage(nextCursor: string) {
      change((next) => next.set("cursor", nextCursor));
    },
    firstPage() {
      change((next) => next.delete("cursor"));
    },
  };
}
