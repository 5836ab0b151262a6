import { open } from "node:fs/promises";
import type { acceptedDocumentKinds } from "#domain/tenant-files";

/**
 * What a tenant's file really is, judged by its bytes (magic numbers), never by its name or the
 * type the browser declared: a renamed script stays a script whatever it is called.
 */
export type DocumentKind = (typeof acceptedDocumentKinds)[number];
export type DetectedDocument = { kind: DocumentKind; mime: string };

export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

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

/** Reads the file's head and, for a ZIP, its central directory. Null: not an accepted kind. */
export async function detectDocument(filePath: string): Promise<DetectedDocument | null> {
  const handle = await open(filePath, "r");
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(SNIFF_HEAD_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    const sniffed = sniffHead(head);
    if (sniffed !== "zip") return sniffed;
    const names = await zipEntryNames(handle, size);
    return names && isDocx(names) ? { kind: "DOCX", mime: DOCX_MIME } : null;
  } finally {
    await handle.close();
  }
}

/**
 * A Word document is a ZIP holding word/document.xml. A macro-enabled one (.docm) holds a VBA
 * project as well: it is refused, since macros are the usual way such a file carries malware.
 */
export function isDocx(entryNames: readonly string[]): boolean {
  const lower = entryNames.map((name) => name.toLowerCase());
  return lower.includes("word/document.xml") && !lower.some((n) => n.endsWith("vbaproject.bin"));
}

type FileReader = {
  read(buffer: Buffer, offset: number, length: number, position: number): Promise<unknown>;
};

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;
/** The end record sits within the last 22 bytes plus a comment of at most 65535 bytes. */
const EOCD_SEARCH = EOCD_MIN + 0xffff;

/**
 * The names in a ZIP's central directory (the archive's own table of contents, at its end), or
 * null when the archive is malformed. Only names are read: nothing is ever unpacked.
 */
export async function zipEntryNames(file: FileReader, size: number): Promise<string[] | null> {
  if (size < EOCD_MIN) return null;
  const tailLength = Math.min(size, EOCD_SEARCH);
  const tail = Buffer.alloc(tailLength);
  await file.read(tail, 0, tailLength, size - tailLength);
  let end = -1;
  for (let at = tailLength - EOCD_MIN; at >= 0; at--) {
    if (tail.readUInt32LE(at) === EOCD_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const entries = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  const endOffset = size - tailLength + end;
  if (directoryOffset + directorySize > endOffset) return null;

  const directory = Buffer.alloc(directorySize);
  await file.read(directory, 0, directorySize, directoryOffset);
  const names: string[] = [];
  let at = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) return null;
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    if (at + 46 + nameLength > directory.length) return null;
    names.push(directory.toString("utf8", at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
