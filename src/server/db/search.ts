/**
 * The two ways a list's search box reaches SQL. Where a table has a full-text index (inquiries,
 * buildings), the words typed become a prefix tsquery; where it has none and the rows searched
 * are few (a page's worth at a time, or a few thousand tenants), a substring ILIKE per word.
 */

/**
 * The words typed, as a tsquery where every word is a prefix ('park' finds "parking") and all
 * must be there; each word stripped of tsquery operators and quoted, so nothing typed is read
 * as one. At most eight words. Null when nothing searchable was typed.
 */
export function prefixQuery(q: string | undefined): string | null {
  const words = (q ?? "")
    .split(/\s+/)
    .map((word) => word.replace(/['\\:&|!()<>*]/g, "").toLowerCase())
    .filter((word) => word.length > 0)
    .slice(0, 8);
  return words.length === 0 ? null : words.map((word) => `'${word}':*`).join(" & ");
}

/** `%` and `_` are wildcards in LIKE: a search for "a_b" means those three characters. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
