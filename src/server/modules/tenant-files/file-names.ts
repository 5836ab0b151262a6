import { typeExtensions } from "./file-sniff";

/**
 * A tenant's file keeps the name it was sent with, for the office to recognise. The name is only
 * ever shown and offered back as a download name (the bytes live under a random name), but it
 * still must not carry path parts, control characters or direction overrides that disguise it,
 * and it ends in the extension of what the bytes are: the office's computers open a download by
 * its extension, so a PDF sent as "invoice.hta" would run as a program.
 */
export const ORIGINAL_NAME_MAX_CHARS = 200;
const FALLBACK_NAME = "document";
const EXTENSION_MAX_CHARS = 16;
/** A type the sniffer does not give (never stored since it runs): bytes to save, not to open. */
const UNKNOWN_TYPE = { mime: "application/octet-stream", extension: "bin" };
/**
 * The extensions replaced when a file's bytes say otherwise: those a computer opens a file by
 * (documents, images, pages, scripts, programs, archives), so none is left to disguise it.
 * Whatever else follows the last dot is part of the name ("Lease.Smith", "Lease 2025.v2") and
 * keeps its place, the type's extension going after it.
 */
const KNOWN_EXTENSIONS = new Set([
  ...[...typeExtensions.values()].flat(),
  // documents
  ...["pdf", "doc", "docx", "docm", "dot", "dotx", "dotm", "rtf", "odt", "txt", "csv", "xps"],
  ...["xls", "xlsx", "xlsm", "xlsb", "ods", "ppt", "pptx", "pptm", "odp", "xml", "json", "md"],
  // images
  ...["jpg", "jpeg", "png", "webp", "heic", "heif", "gif", "bmp", "tif", "tiff", "avif", "ico"],
  ...["svg", "svgz"],
  // pages, scripts and programs
  ...["html", "htm", "xhtml", "mht", "mhtml", "hta", "js", "mjs", "jse", "vbs", "vbe", "wsf"],
  ...["ps1", "psm1", "bat", "cmd", "com", "exe", "scr", "pif", "msi", "dll", "cpl", "lnk"],
  ...["url", "reg", "jar", "sh", "py", "php", "app", "apk", "dmg", "pkg", "chm", "iso", "img"],
  // archives
  ...["zip", "rar", "7z", "tar", "gz", "tgz", "bz2", "xz", "cab", "bin"],
]);

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
 * The sanitised name ending in an extension of its detected type: one of the type's kept as it
 * was written ("IMG_0001.HEIC"), another known one replaced ("invoice.hta" holding a PDF is
 * "invoice.pdf"), or the type's appended otherwise ("scan" is "scan.pdf", "Lease.Smith" is
 * "Lease.Smith.pdf").
 */
export function nameForType(name: string | undefined | null, mime: string): string {
  const clean = sanitizeOriginalName(name);
  const extensions = typeExtensions.get(mime) ?? [UNKNOWN_TYPE.extension];
  const dot = clean.lastIndexOf(".");
  const current = dot > 0 ? clean.slice(dot + 1) : "";
  if (extensions.includes(current.toLowerCase())) return clean;
  const stem = (KNOWN_EXTENSIONS.has(current.toLowerCase()) ? clean.slice(0, dot) : clean)
    .replace(/[.\s]+$/, "")
    .trim();
  const extension = `.${extensions[0]}`;
  const cut = [...(stem || FALLBACK_NAME)].slice(0, ORIGINAL_NAME_MAX_CHARS - extension.length);
  return `${cut.join("").trimEnd()}${extension}`;
}

/**
 * How a stored document goes out: as its detected type under a name ending in that type's
 * extension, whatever it was stored as before names were checked; a type the sniffer does not
 * give as bytes to save.
 */
export function downloadHeaders(file: { originalName: string; mime: string }) {
  const known = typeExtensions.has(file.mime);
  return {
    contentType: known ? file.mime : UNKNOWN_TYPE.mime,
    contentDisposition: attachmentDisposition(nameForType(file.originalName, file.mime)),
  };
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
