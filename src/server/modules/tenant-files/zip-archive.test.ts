import { randomBytes } from "node:crypto";
import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DOCX_MAX_PARTS } from "#domain/tenant-files";
import { DOCX_UNPACK_LIMITS, requestUnpackBudget } from "./file-sniff";
import {
  deflatedEntry,
  makeZip,
  samples,
  type TestZipPart,
  zerosEntry,
} from "./tenant-files.test-helpers";
import {
  checkUnpacking,
  type FileReader,
  readZipDirectory,
  type UnpackBudget,
} from "./zip-archive";

/** Reads `bytes`, adding up in `read.bytes` how many it was asked for. */
const reader = (bytes: Buffer, read = { bytes: 0 }): FileReader => ({
  async read(buffer, offset, length, position) {
    read.bytes += length;
    bytes.copy(buffer, offset, position, position + length);
  },
});

async function verdict(
  zip: Buffer,
  budget: UnpackBudget = requestUnpackBudget(),
  read?: { bytes: number },
) {
  const directory = await readZipDirectory(reader(zip), zip.length);
  if (!directory) throw new Error("no directory");
  return checkUnpacking(reader(zip, read), directory, DOCX_UNPACK_LIMITS, budget);
}

const directoryOf = (zip: Buffer) => readZipDirectory(reader(zip), zip.length);

/** Where the end record starts (makeZip writes no archive comment). */
const endRecord = (zip: Buffer) => zip.length - 22;

/** Where the nth entry of the central directory starts (makeZip writes no extras or comments). */
function centralEntry(zip: Buffer, n: number): number {
  let at = zip.readUInt32LE(zip.length - 6);
  for (let i = 0; i < n; i++) at += 46 + zip.readUInt16LE(at + 28);
  return at;
}

describe("checkUnpacking", () => {
  it.each([
    ["stored parts", samples.docx],
    ["deflated parts", samples.docxDeflated],
  ])("takes an archive of %s", async (_label, make) => {
    expect(await verdict(make())).toBe("ok");
  });

  it(`refuses more than ${DOCX_MAX_PARTS} parts`, async () => {
    const parts: Record<string, string> = {};
    for (let i = 0; i <= DOCX_MAX_PARTS; i++) parts[`part${i}.xml`] = "";
    expect(await verdict(makeZip(parts))).toBe("too-large");
  });

  it("refuses parts that admit to more than 100 MB in all, without unpacking them", async () => {
    // Not deflate data at all: unpacking it would call it malformed.
    const part = { data: Buffer.alloc(700 * 1024), deflated: true, size: 60 * 1024 * 1024 };
    expect(await verdict(makeZip({ "a.bin": part, "b.bin": part }))).toBe("too-large");
  });

  it("refuses a part that unpacks to more than 100 times its packed size", async () => {
    expect(await verdict(makeZip({ "a.xml": zerosEntry(2) }))).toBe("too-large");
  });

  it.each([
    ["1 MB", zerosEntry(200, 1024 * 1024)],
    ["50 KB, under the ratio's grace", zerosEntry(50, 50 * 1024)],
  ])("refuses a part that says %s and unpacks to more", async (_label, entry) => {
    expect(await verdict(makeZip({ "word/document.xml": entry }))).toBe("too-large");
  });

  it("refuses a part that unpacks to less than it says", async () => {
    const entry = { ...deflatedEntry("<w:document/>"), size: 500 };
    expect(await verdict(makeZip({ "word/document.xml": entry }))).toBe("malformed");
  });

  it("refuses deflate data that is cut off", async () => {
    const text = "<w:p>Lease</w:p>".repeat(100);
    const data = deflateRawSync(Buffer.from(text)).subarray(0, 10);
    const zip = makeZip({ "a.xml": { data, deflated: true, size: text.length } });
    expect(await verdict(zip)).toBe("malformed");
  });

  it("refuses parts that share their packed bytes", async () => {
    const zip = makeZip({ "a.xml": deflatedEntry("<a/>"), "b.xml": deflatedEntry("<a/>") });
    zip.writeUInt32LE(0, centralEntry(zip, 1) + 42);
    expect(await verdict(zip)).toBe("malformed");
  });

  it("refuses an encrypted part and one packed by a method Word never uses", async () => {
    const encrypted = samples.docx();
    encrypted.writeUInt16LE(1, centralEntry(encrypted, 0) + 8);
    expect(await verdict(encrypted)).toBe("malformed");
    const bzip2 = samples.docx();
    bzip2.writeUInt16LE(12, centralEntry(bzip2, 0) + 10);
    expect(await verdict(bzip2)).toBe("malformed");
  });

  it("refuses a stored part whose sizes disagree", async () => {
    const zip = makeZip({ "a.xml": { data: Buffer.from("<a/>"), size: 40 } });
    expect(await verdict(zip)).toBe("malformed");
  });
});

describe("one reading of an archive", () => {
  const twoParts = () => makeZip({ "word/document.xml": "<w:document/>", "b.xml": "<b/>" });

  it("takes an archive as makeZip writes it", async () => {
    expect((await directoryOf(twoParts()))?.entries.map((entry) => entry.name)).toEqual([
      "word/document.xml",
      "b.xml",
    ]);
  });

  it("refuses a directory with more entries than its end record counts", async () => {
    const zip = twoParts();
    zip.writeUInt16LE(1, endRecord(zip) + 8);
    zip.writeUInt16LE(1, endRecord(zip) + 10);
    expect(await directoryOf(zip)).toBeNull();
  });

  it.each([
    ["its own disk", 4],
    ["the directory's disk", 6],
  ])("refuses an end record that numbers %s other than 0", async (_label, field) => {
    const zip = twoParts();
    zip.writeUInt16LE(1, endRecord(zip) + field);
    expect(await directoryOf(zip)).toBeNull();
  });

  it("refuses an end record whose entries on this disk differ from the total", async () => {
    const zip = twoParts();
    zip.writeUInt16LE(1, endRecord(zip) + 8);
    expect(await directoryOf(zip)).toBeNull();
  });

  it("refuses bytes after the end record that its comment length does not cover", async () => {
    expect(await directoryOf(Buffer.concat([twoParts(), Buffer.from("trailing")]))).toBeNull();
  });

  it("refuses a second end record hidden in the archive comment", async () => {
    const zip = twoParts();
    const hidden = Buffer.from(zip.subarray(endRecord(zip)));
    zip.writeUInt16LE(hidden.length, endRecord(zip) + 20);
    expect(await directoryOf(Buffer.concat([zip, hidden]))).toBeNull();
  });

  it("refuses bytes between the directory and the end record", async () => {
    const zip = twoParts();
    const end = endRecord(zip);
    const gap = Buffer.concat([zip.subarray(0, end), Buffer.alloc(8), zip.subarray(end)]);
    expect(await directoryOf(gap)).toBeNull();
  });

  // makeZip writes the first part's local header at 0, its name at 30.
  it.each([
    ["names another part", (zip: Buffer) => zip.writeUInt8(0x41, 30)],
    ["uses another method", (zip: Buffer) => zip.writeUInt16LE(8, 8)],
    ["sets other flags", (zip: Buffer) => zip.writeUInt16LE(0x800, 6)],
    ["declares another size", (zip: Buffer) => zip.writeUInt32LE(999, 22)],
    ["declares another packed size", (zip: Buffer) => zip.writeUInt32LE(999, 18)],
  ])("refuses a local header that %s than its directory entry", async (_label, edit) => {
    const zip = twoParts();
    edit(zip);
    expect(await verdict(zip)).toBe("malformed");
  });

  it("leaves the sizes to the data descriptor when both headers say so", async () => {
    const zip = twoParts();
    zip.writeUInt16LE(0x8, 6);
    zip.writeUInt32LE(0, 18);
    zip.writeUInt32LE(0, 22);
    zip.writeUInt16LE(0x8, centralEntry(zip, 0) + 8);
    expect(await verdict(zip)).toBe("ok");
  });
});

describe("what unpacking may cost", () => {
  it("checks every part's header before unpacking any part", async () => {
    const text = randomBytes(256 * 1024).toString("hex");
    const zip = makeZip({ "word/document.xml": deflatedEntry(text), "b.xml": "<b/>" });
    const packed = zip.readUInt32LE(18);
    zip.writeUInt8(0x41, zip.readUInt32LE(centralEntry(zip, 1) + 42) + 30); // "b.xml" is "A.xml"
    const read = { bytes: 0 };
    expect(await verdict(zip, requestUnpackBudget(), read)).toBe("malformed");
    expect(read.bytes).toBeLessThan(packed);
  });

  it("refuses many small parts that unpack to far more than the archive weighs", async () => {
    const small: TestZipPart = {
      data: deflateRawSync(Buffer.alloc(100 * 1024)),
      deflated: true,
      size: 100 * 1024,
    };
    const parts: Record<string, string | TestZipPart> = { "word/document.xml": "<w:document/>" };
    for (let i = 1; i < DOCX_MAX_PARTS; i++) parts[`word/media/part${i}.xml`] = small;
    const zip = makeZip(parts);
    expect(zip.length).toBeLessThan(300 * 1024);
    const read = { bytes: 0 };
    expect(await verdict(zip, requestUnpackBudget(), read)).toBe("too-large");
    expect(read.bytes).toBeLessThan(zip.length);
  });

  it("shares one budget between the archives of a request", async () => {
    const zip = samples.docxDeflated();
    const directory = await directoryOf(zip);
    const declared = directory!.entries.reduce((sum, entry) => sum + entry.size, 0);
    const budget = { bytes: declared * 2 - 1 };
    expect(await verdict(zip, budget)).toBe("ok");
    expect(budget.bytes).toBe(declared - 1);
    expect(await verdict(zip, budget)).toBe("too-large");
    expect(await verdict(zip)).toBe("ok");
  });
});
