import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitUpload, type ReceivedUpload } from "./file-store";
import { filesIn } from "./tenant-files.test-helpers";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "rentals-store-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function received(names: string[]): Promise<ReceivedUpload> {
  for (const name of names) await writeFile(path.join(dir, name), "bytes");
  return {
    files: names.map((filename) => ({
      filename,
      originalName: `${filename}.pdf`,
      size: 5,
      mime: "application/pdf",
    })),
    fields: {},
  };
}

describe("commitUpload", () => {
  it("keeps the files when the rows are written", async () => {
    const upload = await received(["kept-1", "kept-2"]);
    expect(await commitUpload(dir, upload, async () => "rows")).toBe("rows");
    expect(await filesIn(dir)).toEqual(["kept-1", "kept-2"]);
  });

  it("removes every file of the upload when writing the rows fails", async () => {
    const upload = await received(["lost-1", "lost-2"]);
    const failure = new Error("insert failed");
    await expect(
      commitUpload(dir, upload, async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await filesIn(dir)).toEqual(["kept-1", "kept-2"]);
  });
});
