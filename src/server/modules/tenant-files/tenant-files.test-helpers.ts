import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { deflateRawSync, constants as zlibConstants } from "node:zlib";
import type { FastifyInstance } from "fastify";
import type { Contract } from "#domain/api/contract";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { type CallOptions, call } from "#tests/support/call";
import type { createTestApp } from "#tests/support/test-app";

/**
 * For the tenant files tests only: multipart bodies built by hand (what a browser sends), and
 * small but genuine files of each accepted kind.
 */

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; type?: string };

export function multipart(parts: FormPart[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----test${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      "content" in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename.replace(/"/g, "%22")}"\r\nContent-Type: ${part.type ?? "application/octet-stream"}`
        : `Content-Disposition: form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`));
    chunks.push("content" in part ? part.content : Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** Posts those parts as a multipart form to the route of an upload contract. */
export function sendForm(
  app: FastifyInstance,
  contract: Contract,
  parts: FormPart[],
  { headers, ...options }: Omit<CallOptions, "payload"> = {},
) {
  const body = multipart(parts);
  return call(app, contract, {
    ...options,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}

/** One part of a test ZIP: its bytes as they sit in the archive, and what it declares of them. */
export type TestZipPart = {
  data: Buffer;
  /** Deflated (method 8) rather than stored (method 0). */
  deflated?: boolean;
  /** The unpacked size written in both headers: the truth, unless a test makes it lie. */
  size: number;
};

/** Text as a deflated entry, as Word writes its parts. */
export const deflatedEntry = (text: string): TestZipPart => ({
  data: deflateRawSync(Buffer.from(text, "utf8")),
  deflated: true,
  size: Buffer.byteLength(text, "utf8"),
});

/**
 * `mebibytes` MiB of zeros as a deflated entry of about 1 KB per MiB, built without ever holding
 * the zeros: one MiB deflated with a full flush (byte-aligned, referring to nothing before it)
 * repeated, then an empty final block. `declaredSize` makes the headers lie.
 */
export function zerosEntry(mebibytes: number, declaredSize = mebibytes * 1024 * 1024): TestZipPart {
  const chunk = deflateRawSync(Buffer.alloc(1024 * 1024), {
    level: 9,
    finishFlush: zlibConstants.Z_FULL_FLUSH,
  });
  const end = deflateRawSync(Buffer.alloc(0));
  return {
    data: Buffer.concat([...Array.from({ length: mebibytes }, () => chunk), end]),
    deflated: true,
    size: declaredSize,
  };
}

/** A ZIP: local headers and data, then the central directory, then its end (no checksums). */
export function makeZip(entries: Record<string, string | TestZipPart>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, value] of Object.entries(entries)) {
    const entry: TestZipPart =
      typeof value === "string"
        ? { data: Buffer.from(value, "utf8"), size: Buffer.byteLength(value, "utf8") }
        : value;
    const method = entry.deflated ? 8 : 0;
    const nameBytes = Buffer.from(name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, entry.data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const count = Math.min(Object.keys(entries).length, 0xffff);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function ftyp(major: string, compatible: string[]): Buffer {
  const size = 16 + compatible.length * 4;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write("ftyp", 4, "latin1");
  box.write(major, 8, "latin1");
  for (const [i, brand] of compatible.entries()) box.write(brand, 16 + i * 4, "latin1");
  return Buffer.concat([box, Buffer.alloc(64)]);
}

export const samples = {
  pdf: () =>
    Buffer.from(
      "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    ),
  /** A PDF's first bytes, then an HTML application: what a renamed polyglot looks like. */
  pdfPolyglot: () =>
    Buffer.from(
      '%PDF-1.4\n<html><head><hta:application id="app"/><script>new ActiveXObject("WScript.Shell").Run("calc.exe")</script></head></html>\n',
    ),
  jpeg: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(256)]),
  png: () =>
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]),
  webp: () => {
    const head = Buffer.alloc(16);
    head.write("RIFF", 0, "latin1");
    head.writeUInt32LE(100, 4);
    head.write("WEBPVP8 ", 8, "latin1");
    return Buffer.concat([head, randomBytes(92)]);
  },
  heic: () => ftyp("heic", ["mif1", "heic"]),
  heif: () => ftyp("mif1", ["mif1"]),
  avif: () => ftyp("avif", ["mif1", "avif"]),
  docx: () =>
    makeZip({
      "[Content_Types].xml": "<Types/>",
      "_rels/.rels": "<Relationships/>",
      "word/document.xml": "<w:document/>",
    }),
  /** As Word writes one: its parts deflated. */
  docxDeflated: () =>
    makeZip({
      "[Content_Types].xml": deflatedEntry(`<Types>${"<Default/>".repeat(50)}</Types>`),
      "_rels/.rels": deflatedEntry("<Relationships/>"),
      "word/document.xml": deflatedEntry(
        `<w:document>${"<w:p>Lease</w:p>".repeat(2000)}</w:document>`,
      ),
    }),
  docm: () =>
    makeZip({
      "[Content_Types].xml": "<Types/>",
      "word/document.xml": "<w:document/>",
      "word/vbaProject.bin": "macro",
    }),
  zip: () => makeZip({ "notes.txt": "hello" }),
  text: () => Buffer.from("This is plain text, whatever its name says.\n"),
};

/** The names in the tenant files folder (stored files and any temporary left behind). */
export async function filesIn(dir: string): Promise<string[]> {
  return (await readdir(dir)).sort();
}

export const tenantFilesDir = (dataDir: string) => path.join(dataDir, "tenant-files");

/**
 * Staff ask for documents about that building; the upload link's token is read from the e-mail,
 * as the tenant would follow it.
 */
export async function requestUploadLink(
  testApp: Awaited<ReturnType<typeof createTestApp>>,
  staff: { headers: Record<string, string> },
  propertyId: number,
): Promise<{ requestId: string; token: string }> {
  const response = await call(testApp.app, tenantFilesApi.createRequest, {
    headers: staff.headers,
    payload: {
      tenantName: "Dana Renter",
      tenantEmail: "dana.renter@example.com",
      propertyId,
      category: "other",
    },
  });
  if (response.statusCode !== 201) throw new Error(`request refused: ${response.body}`);
  const mail = (await testApp.outbox()).at(-1);
  const token = /\/upload\/([\w-]+\.[\w-]+\.[\w-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error("no upload link in the e-mail");
  return { requestId: (response.json() as { id: string }).id, token };
}
