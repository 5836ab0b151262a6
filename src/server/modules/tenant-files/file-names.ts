/**
 * A tenant's file keeps the name it was sent with, for the office to recognise. The name is only
 * ever shown and offered back as a download name (the bytes live under a random name), but it
 * still must not carry path parts, control characters or direction overrides that disguise it.
 */
export const ORIGINAL_NAME_MAX_CHARS = 200;
const FALLBACK_NAME = "document";
const EXTENSION_MAX_CHARS = 16;

// Control characters, and the bidirectional overrides that make "invoice\u202Efdp.exe" read as
// "invoiceexe.pdf".
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function sanitizeOriginalName(name: string | undefined | null): string {
  const base = (name ?? "").split(/[/\\]/).pop() ?? "";
  const clean = base
    .replace(LONE_SURROGATE, "\uFFFD")
    .normalize("NFC")
    .replace(UNSAFE, "")
    .replace(/\s+/g, " ")
    .trim();
  if (clean === "" || clean === "." || clean === "..") return FALLBACK_NAME;
  return truncateKeepingExtension(clean);
}

/** Cut by characters (not UTF-16 units), keeping a short extension so the file still opens. */
function truncateKeepingExtension(name: string): string {
  const chars = [...name];
  if (chars.length <= ORIGINAL_NAME_MAX_CHARS) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  if (extension.length === 0 || extension.length > EXTENSION_MAX_CHARS) {
    return chars.slice(0, ORIGINAL_NAME_MAX_CHARS).join("").trim();
  }
  const stem = chars
    .slice(0, ORIGINAL_NAME_MAX_CHARS - extension.length)
    .join("")
    .trimEnd();
  return `${stem}${extension.join("")}`;
}

/**
 * `attachment` with the name twice (RFC 6266): a plain-ASCII `filename` for old clients and
 * the exact name in `filename*`. Quotes, backslashes and percent signs never reach the quoted
 * form, and line breaks cannot split the header.
 */
export function attachmentDisposition(originalName: string): string {
  const name = sanitizeOriginalName(originalName);
  const fallback =
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\x20-\x7e]/g, "_")
      .replace(/["\\%]/g, "_")
      .trim() || FALLBACK_NAME;
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
