import { open } from "node:fs/promises";
import {
  type acceptedDocumentKinds,
  DOCX_MAX_PARTS,
  DOCX_MAX_RATIO,
  DOCX_MAX_UNPACKED_MB,
  DOCX_RATIO_GRACE_KB,
  DOCX_REQUEST_UNPACK_MB,
} from "#domain/tenant-files";
import {
  checkUnpacking,
  readZipDirectory,
  type UnpackBudget,
  type UnpackLimits,
} from "./zip-archive";

/**
 * What a tenant's file really is, judged by its bytes (magic numbers), never by its name or the
 * type the browser declared: a renamed script stays a script whatever it is called.
 */
export type DocumentKind = (typeof acceptedDocumentKinds)[number];
export type DetectedDocument = { kind: DocumentKind; mime: string };

export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/**
 * The extensions each detected type is known by, the one a file is given first. A file's name
 * ends in one of its type's, so it opens as what it is (see file-names.ts).
 */
export const typeExtensions: ReadonlyMap<string, readonly [string, ...string[]]> = new Map<
  string,
  readonly [string, ...string[]]
>([
  ["application/pdf", ["pdf"]],
  ["image/jpeg", ["jpg", "jpeg"]],
  ["image/png", ["png"]],
  ["image/webp", ["webp"]],
  ["image/heic", ["heic", "heif"]],
  ["image/heif", ["heif", "heic"]],
  [DOCX_MIME, ["docx"]],
]);

/** Enough for every signature below, including an ISO-BMFF `ftyp` box with its brand list. */
export const SNIFF_HEAD_BYTES = 4096;

const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]);
const HEIF_BRANDS = new Set(["mif1", "msf1", "mif2"]);
/** AVIF shares HEIF's container but is not one of the accepted kinds. */
const AVIF_BRANDS = new Set(["avif", "avis"]);

const startsWith = (head: Uint8Array, signature: readonly number[], at = 0) =>
  head.length >= at + signature.length && signature.every((byte, i) => head[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PDF = ascii("%PDF-");
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");
const FTYP = ascii("ftyp");
/** A ZIP's first local file header. */
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/**
 * The kind given by the first bytes alone, "zip" when only the archive's directory can tell
 * (a DOCX is a ZIP), or null when the file is none of the accepted kinds.
 */
export function sniffHead(head: Uint8Array): DetectedDocument | "zip" | null {
  if (startsWith(head, PDF)) return { kind: "PDF", mime: "application/pdf" };
  if (startsWith(head, JPEG)) return { kind: "JPEG", mime: "image/jpeg" };
  if (startsWith(head, PNG)) return { kind: "PNG", mime: "image/png" };
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) {
    return { kind: "WebP", mime: "image/webp" };
  }
  if (startsWith(head, FTYP, 4)) return sniffHeif(head);
  if (startsWith(head, ZIP)) return "zip";
  return null;
}

/** HEIC/HEIF photos (what iPhones take): an ISO-BMFF `ftyp` box naming HEIF brands. */
function sniffHeif(head: Uint8Array): DetectedDocument | null {
  const view = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const boxSize = view.readUInt32BE(0);
  if (boxSize < 16 || boxSize > head.length || boxSize % 4 !== 0) return null;
  const brands = [view.toString("latin1", 8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(view.toString("latin1", at, at + 4));
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return null;
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return { kind: "HEIC", mime: "image/heic" };
  if (brands.some((brand) => HEIF_BRANDS.has(brand))) return { kind: "HEIC", mime: "image/heif" };
  return null;
}

/**
 * The file's kind by its head and, for a ZIP, its central directory; "unpacks-too-large" for a
 * Word document beyond DOCX_UNPACK_LIMITS or what is left of the request's `budget` (see
 * requestUnpackBudget); null when it is not an accepted kind.
 */
export async function detectDocument(
  filePath: string,
  budget: UnpackBudget,
): Promise<DetectedDocument | "unpacks-too-large" | null> {
  const handle = await open(filePath, "r");
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(SNIFF_HEAD_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    const sniffed = sniffHead(head);
    if (sniffed !== "zip") return sniffed;
    const directory = await readZipDirectory(handle, size);
    if (!directory || !isDocx(directory.entries.map((entry) => entry.name))) return null;
    switch (await checkUnpacking(handle, directory, DOCX_UNPACK_LIMITS, budget)) {
      case "ok":
        return { kind: "DOCX", mime: DOCX_MIME };
      case "too-large":
        return "unpacks-too-large";
      case "malformed":
        return null;
    }
  } finally {
    await handle.close();
  }
}

const MB = 1024 * 1024;

/**
 * What a Word document may unpack to. The ratio bounds the work a small file can cause, part by
 * part and for the whole archive: real documents stay far below it (see DOCX_MAX_RATIO), while
 * the parts spared it for being small cannot add up to more than the archive may.
 */
export const DOCX_UNPACK_LIMITS: UnpackLimits = {
  maxEntries: DOCX_MAX_PARTS,
  maxBytes: DOCX_MAX_UNPACKED_MB * MB,
  maxRatio: DOCX_MAX_RATIO,
  ratioGraceBytes: DOCX_RATIO_GRACE_KB * 1024,
};

/**
 * A fresh budget for one upload request: each Word document alone is bounded, but a request
 * carries many, and their unpacking is paid for by the same request.
 */
export const requestUnpackBudget = (): UnpackBudget => ({ bytes: DOCX_REQUEST_UNPACK_MB * MB });

/**
 * A Word document is a ZIP holding word/document.xml. A macro-enabled one (.docm) holds a VBA
 * project as well: it is refused, since macros are the usual way such a file carries malware.
 */
export function isDocx(entryNames: readonly string[]): boolean {
  const lower = entryNames.map((name) => name.toLowerCase());
  return lower.includes("word/document.xml") && !lower.some((n) => n.endsWith("vbaproject.bin"));
}
