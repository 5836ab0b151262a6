import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createInflateRaw } from "node:zlib";

/**
 * Reading a ZIP (a Word document is one) without trusting it: its central directory (the
 * archive's table of contents, at its end) for the names and the sizes it declares, then each
 * part unpacked and counted, never kept, to prove those sizes true. Only stored and deflated
 * parts are read, the two methods Word writes; anything else is malformed. Readers disagree on
 * an archive that is ambiguous (a second end record in a comment, entries past the count, a
 * local header that names another part), and whoever opens the file later may see what was never
 * checked here: so there must be only one way to read it, or it is malformed.
 */

export type FileReader = {
  read(buffer: Buffer, offset: number, length: number, position: number): Promise<unknown>;
};

export type ZipEntry = {
  name: string;
  /** The name as written, compared byte for byte with the local header's. */
  rawName: Buffer;
  flags: number;
  method: number;
  compressedSize: number;
  /** What the directory says the part unpacks to. */
  size: number;
  localHeaderOffset: number;
};

export type ZipDirectory = { entries: ZipEntry[]; directoryOffset: number };

export type UnpackLimits = {
  maxEntries: number;
  maxBytes: number;
  /**
   * How many times its packed size a part, and the archive in all, may unpack to once past
   * `ratioGraceBytes`.
   */
  maxRatio: number;
  ratioGraceBytes: number;
};

/**
 * What the archives of one request may still unpack to between them: each archive that passes
 * draws down what it declares (the most its unpacking can produce) before a byte is unpacked.
 */
export type UnpackBudget = { bytes: number };

/** Within the limits; beyond them (declared or found by unpacking); or not a sound archive. */
export type UnpackVerdict = "ok" | "too-large" | "malformed";

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN = 22;
const CENTRAL_MIN = 46;
const LOCAL_MIN = 30;
/** The end record sits within the last 22 bytes plus a comment of at most 65535 bytes. */
const EOCD_SEARCH = EOCD_MIN + 0xffff;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED = 0x1;
/** The sizes follow the data in a descriptor; the local header's may be zeros. */
const DATA_DESCRIPTOR = 0x8;
const READ_CHUNK = 64 * 1024;

/** The central directory's entries, or null when the archive is malformed. */
export async function readZipDirectory(
  file: FileReader,
  size: number,
): Promise<ZipDirectory | null> {
  if (size < EOCD_MIN) return null;
  const tailLength = Math.min(size, EOCD_SEARCH);
  const tail = Buffer.alloc(tailLength);
  await file.read(tail, 0, tailLength, size - tailLength);
  const end = findEndRecord(tail);
  if (end === null) return null;
  const sameDisk =
    tail.readUInt16LE(end + 4) === 0 &&
    tail.readUInt16LE(end + 6) === 0 &&
    tail.readUInt16LE(end + 8) === tail.readUInt16LE(end + 10);
  if (!sameDisk) return null;
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directoryOffset + directorySize !== size - tailLength + end) return null;

  const directory = Buffer.alloc(directorySize);
  await file.read(directory, 0, directorySize, directoryOffset);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_MIN > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
      return null;
    }
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    if (directory.readUInt16LE(at + 34) !== 0) return null; // starts on another disk
    if (at + CENTRAL_MIN + nameLength > directory.length) return null;
    const rawName = Buffer.from(
      directory.subarray(at + CENTRAL_MIN, at + CENTRAL_MIN + nameLength),
    );
    entries.push({
      name: rawName.toString("utf8"),
      rawName,
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      localHeaderOffset: directory.readUInt32LE(at + 42),
    });
    at += CENTRAL_MIN + nameLength + extraLength + commentLength;
  }
  // Entries past the count would be seen by a reader that walks the directory to its end.
  if (at !== directorySize) return null;
  return { entries, directoryOffset };
}

/**
 * Where the end record starts in the tail: the one signature whose record, with its comment,
 * ends exactly where the file does. None, or more than one (a record hidden in a comment), and
 * the archive has no single reading.
 */
function findEndRecord(tail: Buffer): number | null {
  let found: number | null = null;
  for (let at = tail.length - EOCD_MIN; at >= 0; at--) {
    if (tail.readUInt32LE(at) !== EOCD_SIGNATURE) continue;
    if (at + EOCD_MIN + tail.readUInt16LE(at + 20) !== tail.length) continue;
    if (found !== null) return null;
    found = at;
  }
  return found;
}

/**
 * Whether the archive unpacks within the limits and the request's budget. Everything that costs
 * no unpacking is checked first for every part (the declared sizes, the methods, each local
 * header against its directory entry, overlaps), so nothing is unpacked for an archive that is
 * malformed or admits to being too large; then every deflated part is unpacked up to the size it
 * declares and no further, so a part that lies is caught after unpacking no more than the
 * archive admitted to in all. Parts may neither overlap (the same packed bytes counted many
 * times) nor reach past the directory, so no more is read than the file holds.
 */
export async function checkUnpacking(
  file: FileReader,
  { entries, directoryOffset }: ZipDirectory,
  limits: UnpackLimits,
  budget: UnpackBudget,
): Promise<UnpackVerdict> {
  if (entries.length > limits.maxEntries) return "too-large";
  if (!entries.every(isReadable)) return "malformed";
  const starts = await dataStarts(file, entries, directoryOffset);
  if (!starts) return "malformed";

  const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
  const packed = entries.reduce((sum, entry) => sum + entry.compressedSize, 0);
  const overRatio = (size: number, packedSize: number) =>
    size > limits.ratioGraceBytes && size > packedSize * limits.maxRatio;
  if (entries.some((entry) => overRatio(entry.size, entry.compressedSize))) return "too-large";
  if (overRatio(declared, packed) || declared > limits.maxBytes) return "too-large";
  if (declared > budget.bytes) return "too-large";
  budget.bytes -= declared;

  for (const [i, entry] of entries.entries()) {
    if (entry.method !== DEFLATED) continue;
    const unpacked = await unpackedSize(file, starts[i]!, entry.compressedSize, entry.size);
    if (unpacked === "over") return "too-large";
    if (unpacked !== entry.size) return "malformed";
  }
  return "ok";
}

/** Not encrypted, packed by a method Word writes, and a stored part's sizes agree. */
const isReadable = (entry: ZipEntry) =>
  !(entry.flags & ENCRYPTED) &&
  (entry.method === DEFLATED || (entry.method === STORED && entry.compressedSize === entry.size));

/**
 * Where each entry's packed bytes start (after its local header, whose extra may differ from
 * the directory's), or null when a local header disagrees with its entry or parts overlap.
 */
async function dataStarts(
  file: FileReader,
  entries: readonly ZipEntry[],
  directoryOffset: number,
): Promise<number[] | null> {
  const starts: number[] = [];
  for (const entry of entries) {
    const start = await dataOffset(file, entry, directoryOffset);
    if (start === null) return null;
    starts.push(start);
  }
  const inOrder = entries
    .map((entry, i) => ({
      header: entry.localHeaderOffset,
      end: starts[i]! + entry.compressedSize,
    }))
    .sort((a, b) => a.header - b.header);
  let previousEnd = 0;
  for (const { header, end } of inOrder) {
    if (header < previousEnd || end > directoryOffset) return null;
    previousEnd = end;
  }
  return starts;
}

/**
 * Where a part's packed bytes start, or null unless its local header names the same part with
 * the same method and flags, and the same sizes when they are not left to a data descriptor.
 */
async function dataOffset(
  file: FileReader,
  entry: ZipEntry,
  directoryOffset: number,
): Promise<number | null> {
  const headerLength = LOCAL_MIN + entry.rawName.length;
  if (entry.localHeaderOffset + headerLength > directoryOffset) return null;
  const header = Buffer.alloc(headerLength);
  await file.read(header, 0, headerLength, entry.localHeaderOffset);
  const sizesAgree =
    (entry.flags & DATA_DESCRIPTOR) !== 0 ||
    (header.readUInt32LE(18) === entry.compressedSize && header.readUInt32LE(22) === entry.size);
  const agrees =
    header.readUInt32LE(0) === LOCAL_SIGNATURE &&
    header.readUInt16LE(6) === entry.flags &&
    header.readUInt16LE(8) === entry.method &&
    header.readUInt16LE(26) === entry.rawName.length &&
    header.subarray(LOCAL_MIN).equals(entry.rawName) &&
    sizesAgree;
  if (!agrees) return null;
  return entry.localHeaderOffset + headerLength + header.readUInt16LE(28);
}

class Overflow extends Error {}

/**
 * The size a deflated part unpacks to, counted as it streams (never held), or "over" as soon as
 * it passes `cap`; a part that is not sound deflate data is "corrupt".
 */
async function unpackedSize(
  file: FileReader,
  start: number,
  length: number,
  cap: number,
): Promise<number | "over" | "corrupt"> {
  let total = 0;
  const counter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      done(total > cap ? new Overflow() : null);
    },
  });
  try {
    await pipeline(readRange(file, start, length), createInflateRaw(), counter);
    return total;
  } catch (error) {
    if (error instanceof Overflow) return "over";
    // zlib's own refusals carry its codes (Z_DATA_ERROR, Z_BUF_ERROR); a failing disk does not.
    if (String((error as { code?: unknown } | null)?.code ?? "").startsWith("Z_")) {
      return "corrupt";
    }
    throw error;
  }
}

async function* readRange(file: FileReader, start: number, length: number) {
  for (let at = 0; at < length; at += READ_CHUNK) {
    const chunk = Buffer.alloc(Math.min(READ_CHUNK, length - at));
    await file.read(chunk, 0, chunk.length, start + at);
    yield chunk;
  }
}
