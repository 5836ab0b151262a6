import { allContracts } from "#domain/api/all";

/**
 * Where a URL's path carries a secret: the segment after one of these prefixes. Every API route
 * whose contract takes a `:token` (download, upload, photo and alert links), and the pages
 * e-mailed links open (a document upload, an alert's confirm and manage pages, a privacy request, a showing), in English and
 * under `/es`. The logs redact them; the pages are never stored by a cache.
 */
const PAGE_PREFIXES = [
  "/upload/",
  "/alerts/confirm/",
  "/alerts/manage/",
  "/privacy/requests/",
  "/showings/",
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const alternatives = (prefixes: readonly string[]) =>
  [...new Set(prefixes)].map(escapeRegExp).join("|");

const apiPrefixes = allContracts
  .map((contract) => contract.path)
  .filter((path) => path.includes(":token"))
  .map((path) => path.slice(0, path.indexOf(":token")));

/** A path's secret segment, captured after its prefix (group 1). */
export const TOKEN_SEGMENT = new RegExp(
  `^((?:${alternatives(apiPrefixes)})|(?:/es)?(?:${alternatives(PAGE_PREFIXES)}))[^/?#]+`,
);

/** A page opened from an e-mailed link (its navigation data too). */
const TOKEN_PAGE = new RegExp(`^(?:/es)?(?:${alternatives(PAGE_PREFIXES)})[^/]+(?:\\.data)?$`);
export const isTokenPage = (pathname: string) => TOKEN_PAGE.test(pathname);
