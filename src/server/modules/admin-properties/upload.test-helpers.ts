import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { urlOf } from "#tests/support/call";

/** Test helpers for the upload and admin property tests: real image bytes, real multipart. */

/** A real image of that format and size. */
export function makeImage(format: "png" | "jpeg", width = 1300, height = 900): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 180, g: 120, b: 60 } },
  });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
}

export type Part = string | { bytes: Buffer; name: string; type?: string };

/** A multipart/form-data body as a browser sends it (the platform's own encoder). */
export async function multipartBody(parts: [string, Part][]) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === "string") form.append(name, value);
    else
      form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
  }
  const { uploadImages } = adminPropertiesApi;
  const request = new Request(new URL(urlOf(uploadImages), "http://localhost"), {
    method: uploadImages.method,
    body: form,
  });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type")! },
  };
}

/** Every file under a directory, relative and sorted; [] when it does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}
