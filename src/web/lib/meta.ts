import { site } from "#domain/site";

/** The title every page shows in the browser tab and in search results. */
export function pageTitle(page?: string) {
  return page
    ? `${page} | ${site.name}`
    : `${site.name} | Apartments and homes for rent in ${site.city}`;
}

/** Sign-in and back-office pages: a title, and kept out of search results. */
export function privatePageMeta(page: string) {
  return [{ title: pageTitle(page) }, { name: "robots", content: "noindex" }];
}
