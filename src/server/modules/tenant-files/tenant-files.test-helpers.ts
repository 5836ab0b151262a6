import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Contract } from "#domain/api/contract";
import { type CallOptions, call } from "#tests/support/call";

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

/** A stored ZIP (no compression): local headers, then the central directory, then its end. */
export function makeZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, "utf8");
    const data = Buffer.from(text, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
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
