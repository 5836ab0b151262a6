import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { createFileKeeper, type FileKeeper } from "./kept-files";

async function* chunks(...parts: string[]) {
  for (const part of parts) yield part;
}

const xml = { name: "feed.xml", contentType: "application/xml" };
const plain = { name: "notes.txt", contentType: "text/plain" };
let keeper: FileKeeper;
afterEach(() => keeper.close());

describe("kept files", () => {
  it("write the chunks and their gzip form, named and tagged by their content", async () => {
    keeper = createFileKeeper("test");
    const body = "x".repeat(100_000);
    const file = await keeper.keep(chunks(body, "<end/>"), xml);
    expect(await readFile(file.path, "utf8")).toBe(`${body}<end/>`);
    const gzipped = await readFile(file.gzipPath);
    expect(gzipped.length).toBe(file.gzipBytes);
    expect(gunzipSync(gzipped).toString("utf8")).toBe(`${body}<end/>`);
    expect(file.bytes).toBe(100_006);
    expect(file.etag).toMatch(/^W\/"[\w-]{27}"$/);

    const again = await keeper.keep(chunks(body, "<end/>"), xml);
    expect(again.etag).toBe(file.etag);
    const other = await keeper.keep(chunks("y"), xml);
    expect(other.etag).not.toBe(file.etag);
  });

  it("keep the newest and the one before it, and remove the older ones", async () => {
    keeper = createFileKeeper("test");
    const files = [];
    for (const text of ["one", "two", "three"]) {
      files.push(await keeper.keep(chunks(text), plain));
    }
    expect(existsSync(files[0]!.path)).toBe(false);
    expect(existsSync(files[0]!.gzipPath)).toBe(false);
    expect(existsSync(files[1]!.path)).toBe(true);
    expect(existsSync(files[2]!.path)).toBe(true);
    expect((await readdir(path.dirname(files[2]!.path))).sort()).toHaveLength(4);
  });

  it("keep each name's newest files apart, and the ETag given for one", async () => {
    keeper = createFileKeeper("test");
    const a = await keeper.keep(chunks("a1"), { ...plain, name: "units-1.xml" });
    for (const text of ["b1", "b2", "b3"]) {
      await keeper.keep(chunks(text), { ...plain, name: "units-2.xml" });
    }
    expect(existsSync(a.path)).toBe(true);
    // The first content again, after two others: the newest, kept.
    const again = await keeper.keep(chunks("b2"), { ...plain, name: "units-2.xml" });
    expect(await readFile(again.path, "utf8")).toBe("b2");
    const tagged = await keeper.keep(chunks("c"), { ...plain, name: "c", etag: 'W/"v7"' });
    expect(tagged.etag).toBe('W/"v7"');
  });

  it("leave nothing behind when the chunks fail on the way", async () => {
    keeper = createFileKeeper("test");
    const kept = await keeper.keep(chunks("kept"), plain);
    async function* failing() {
      yield "a".repeat(50_000);
      throw new Error("the database went away");
    }
    await expect(keeper.keep(failing(), plain)).rejects.toThrow("the database went away");
    expect(await readdir(path.dirname(kept.path))).toEqual(
      expect.arrayContaining([path.basename(kept.path)]),
    );
    expect(await readdir(path.dirname(kept.path))).toHaveLength(2);
  });

  it("are all removed when the app closes", async () => {
    keeper = createFileKeeper("test");
    const file = await keeper.keep(chunks("gone"), plain);
    await keeper.close();
    expect(existsSync(path.dirname(file.path))).toBe(false);
  });
});
