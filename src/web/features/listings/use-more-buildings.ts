import { useCallback, useEffect, useRef, useState } from "react";
import { buildingCard } from "#domain/listing-pages";
import type { BuildingCardData, BuildingFilters } from "#domain/listings";
import type { ShowMore } from "./components/list-pages";

/**
 * "Show more buildings" on /properties: the page's buildings, then the next ones the public API
 * answers under the same filters (its page is the list page's own, from the same cached entry),
 * added below them, the API's `Link: <...>; rel="next"` naming where the next ones start. The
 * client and the contract load on the first click, not with the page. The component that uses
 * it is keyed by the page's address, so new filters or another page start from the loader's
 * buildings again. Focus moves to the first building added, where reading goes on.
 */
export function useMoreBuildings(
  filters: Omit<BuildingFilters, "limit">,
  first: BuildingCardData[],
  firstNext: string | null,
) {
  const [added, setAdded] = useState<BuildingCardData[]>([]);
  const [next, setNext] = useState(firstNext);
  const [state, setState] = useState<ShowMore["state"]>("idle");
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);

  const load = useCallback(async () => {
    if (next === null) return;
    setState("loading");
    try {
      const [{ requestWithHeaders, nextCursorOfLink }, { listingsApi }] = await Promise.all([
        import("#web/lib/api-client"),
        import("#domain/api/listings"),
      ]);
      const { body, headers } = await requestWithHeaders(listingsApi.listBuildings, {
        query: { ...filters, available: filters.available ? "true" : undefined, cursor: next },
      });
      focusFrom.current = first.length + added.length;
      // A building already shown (the list changed between two pages) is not shown twice.
      setAdded((shown) => {
        const ids = new Set([...first, ...shown].map((b) => b.id));
        return [...shown, ...body.filter((b) => !ids.has(b.id)).map(buildingCard)];
      });
      setNext(nextCursorOfLink(headers.get("link")));
      setState("idle");
    } catch {
      setState("failed");
    }
  }, [filters, first, added.length, next]);

  useEffect(() => {
    if (focusFrom.current === null) return;
    const items = list.current?.querySelectorAll<HTMLAnchorElement>(":scope > li h3 a");
    const target = items?.[focusFrom.current];
    focusFrom.current = null;
    target?.focus();
  });

  const buildings = added.length === 0 ? first : [...first, ...added];
  return { buildings, next, list, showMore: { load, state } satisfies ShowMore };
}
