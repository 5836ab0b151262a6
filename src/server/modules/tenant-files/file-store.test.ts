import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenantFileKey } from "#server/storage/keys";
import { type TestStore, testStores } from "#server/storage/storage.test-helpers";
import { commitUpload, type ReceivedUpload } from "./file-store";

describe.each(["fs", "s3"] as const)("commitUpload on the %s driver", (driver) => {
  let t: TestStore;

  beforeAll(async () => {
    t = await testStores[driver]();
  });

  afterAll(async () => {
    await t.close();
  });

  async function received(names: string[]): Promise<ReceivedUpload> {
    for (const name of names) {
      await t.store.put(tenantFileKey(name), Buffer.from("bytes"), {
        contentType: "application/pdf",
      });
    }
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

  it("keeps the files when the rows are written", async () => {
    const upload = await received(["kept-1", "kept-2"]);
    expect(await commitUpload(t.store, upload, async () => "rows")).toBe("rows");
    expect(await t.keys("tenant-files/")).toEqual(["tenant-files/kept-1", "tenant-files/kept-2"]);
  });

  it("removes every file of the upload when writing the rows fails", async () => {
    const upload = await received(["lost-1", "lost-2"]);
    const failure = new Error("insert failed");
    await expect(
      commitUpload(t.store, upload, async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await t.keys("tenant-files/")).toEqual(["tenant-files/kept-1", "tenant-files/kept-2"]);
  });
});
