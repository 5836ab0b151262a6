/**
 * The public list's pages as the browser needs them: a card's data, the page's size, the page's
 * query. Nothing here imports a schema, so the modules every public page loads on arrival (the
 * list's "Show more", its page links) bring no zod with them; the schemas stay in listings.ts,
 * which re-exports these.
 */

/**
 * What a building's card shows, and so what a page of cards sends to the browser: the list's
 * fields less the description and every photo but the first (a card shows one; the building's
 * page shows them all). Typed by its argument (a `Building` gives `BuildingCardData`, in
 * listings.ts): this file imports nothing.
 */
export function buildingCard<
  T extends { description: unknown; descriptionEs: unknown; images: unknown; photos: unknown[] },
>({
  description: _description,
  descriptionEs: _descriptionEs,
  images: _images,
  photos,
  ...card
}: T): Omit<T, "description" | "descriptionEs" | "images"> {
  return { ...card, photos: photos.slice(0, 1) } as Omit<
    T,
    "description" | "descriptionEs" | "images"
  >;
}

/**
 * The public list's page: 18 buildings (a grid of two or three columns fills evenly, and the
 * page's HTML stays near 180 KB with the inline styles of its first paint), for the
 * API's default and the /properties page alike, so both read one cached entry per page.
 */
export const BUILDINGS_PAGE = 18;

/**
 * The /properties page's query as the page writes it: the filters that filter something (not
 * `available=false`), then the cursor of a later page. The page cache keys pages by it, and the
 * page's own links are written with it.
 */
export function listPageQuery(
  filters: Readonly<Record<string, string | number | boolean | undefined>>,
  cursor: string | null | undefined,
): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== false) query.set(name, String(value));
  }
  if (cursor) query.set("cursor", cursor);
  return query;
}
