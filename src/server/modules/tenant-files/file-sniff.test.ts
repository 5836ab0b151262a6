import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCX_MIME, detectDocument, requestUnpackBudget, sniffHead } from "./file-sniff";
import { makeZip, samples, zerosEntry } from "./tenant-files.test-helpers";

let dir: string;
let counter = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "rentals-sniff-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function detect(bytes: Buffer) {
  counter++;
  const file = path.join(dir, `sample-${counter}`);
  await writeFile(file, bytes);
  return detectDocument(file, requestUnpackBudget());
}

describe("detectDocument", () => {
  it.each([
    ["a PDF", samples.pdf, "PDF", "application/pdf"],
    ["a JPEG", samples.jpeg, "JPEG", "image/jpeg"],
    ["a PNG", samples.png, "PNG", "image/png"],
    ["a WebP", samples.webp, "WebP", "image/webp"],
    ["an iPhone HEIC", samples.heic, "HEIC", "image/heic"],
    ["a generic HEIF", samples.heif, "HEIC", "image/heif"],
    ["a Word document", samples.docx, "DOCX", DOCX_MIME],
  ])("recognises %s by its bytes", async (_label, make, kind, mime) => {
    expect(await detect(make())).toEqual({ kind, mime });
  });

  it.each([
    ["plain text", samples.text],
    ["an AVIF image", samples.avif],
    ["a ZIP that is not a Word document", samples.zip],
    ["a macro-enabled Word document", samples.docm],
    ["an empty file", () => Buffer.alloc(0)],
    ["HTML", () => Buffer.from("<!doctype html><script>alert(1)</script>")],
    ["an executable", () => Buffer.from("MZ\x90\x00\x03\x00\x00\x00")],
  ])("refuses %s", async (_label, make) => {
    expect(await detect(make())).toBeNull();
  });

  it("refuses a ZIP whose directory is cut off or points outside the file", async () => {
    const zip = samples.docx();
    expect(await detect(zip.subarray(0, zip.length - 30))).toBeNull();
    const broken = Buffer.from(zip);
    broken.writeUInt32LE(0x7fffffff, broken.length - 6);
    expect(await detect(broken)).toBeNull();
  });

  it("tells a Word document that unpacks too far from one of another kind", async () => {
    const bomb = makeZip({ "word/document.xml": zerosEntry(1024) });
    expect(await detect(bomb)).toBe("unpacks-too-large");
    expect(await detect(makeZip({ "notes.txt": zerosEntry(1024) }))).toBeNull();
  });

  it("finds word/document.xml past a long archive comment", async () => {
    const zip = makeZip({ "word/document.xml": "<w:document/>" });
    const comment = Buffer.alloc(60_000, 0x20);
    zip.writeUInt16LE(comment.length, zip.length - 2);
    expect(await detect(Buffer.concat([zip, comment]))).toEqual({ kind: "DOCX", mime: DOCX_MIME });
  });
});

describe("sniffHead", () => {
  it("leaves a ZIP to the directory check", () => {
    expect(sniffHead(samples.zip())).toBe("zip");
  });

  it("ignores a malformed ftyp box", () => {
    const head = samples.heic();
    head.writeUInt32BE(9999, 0);
    expect(sniffHead(head)).toBeNull();
  });
});
