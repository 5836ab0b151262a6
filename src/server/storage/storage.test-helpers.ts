import { mkdtemp, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "../config";
import { createFsStore, type FsObjectStore } from "./fs-store";
import { createS3Store } from "./s3-store";
import type { ObjectStore } from "./storage";

/**
 * For tests: a real S3-compatible server (s3rver) in this process, on a free port, with an empty
 * bucket, and an fs store in a temporary DATA_DIR, so one suite can run against both drivers.
 */

export const TEST_BUCKET = "rentals-test";

export type TestBucket = {
  settings: S3Settings;
  /** The environment that selects this bucket (for loadConfig). */
  env: Record<string, string>;
  /**
   * Makes an object look last written at `when`. s3rver dates an object by its file's mtime;
   * there is no S3 call for it, and the orphan sweep's tests need old objects.
   */
  age(key: string, when: Date): Promise<void>;
  /** Failure drills: the server goes away (connections refused), keeping what it holds. */
  stop(): Promise<void>;
  /** ...and comes back on the same port with the same objects. */
  start(): Promise<void>;
  close(): Promise<void>;
};

export async function startTestBucket(): Promise<TestBucket> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "rentals-s3rver-"));
  const serve = (port: number) =>
    new S3rver({
      port,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: TEST_BUCKET }],
    });
  let server: S3rver | null = serve(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    settings: {
      endpoint,
      bucket: TEST_BUCKET,
      region: "us-east-1",
      credentials,
      forcePathStyle: true,
    },
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: TEST_BUCKET,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    async age(key, when) {
      const parts = key.split("/");
      const last = parts.pop()!;
      await utimes(
        path.join(directory, TEST_BUCKET, ...parts, `${last}._S3rver_object`),
        when,
        when,
      );
    },
    async stop() {
      await server?.close();
      server = null;
    },
    async start() {
      if (server) return;
      server = serve(port);
      await server.run();
    },
    async close() {
      await server?.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type TestStore = {
  store: ObjectStore;
  /** Makes an object look last written at `when`. */
  age(key: string, when: Date): Promise<void>;
  /** Every key under the prefix, sorted. */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
};

async function keysOf(store: ObjectStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of store.list(prefix)) keys.push(object.key);
  return keys.sort();
}

export async function createTestFsStore(): Promise<TestStore & { store: FsObjectStore }> {
  const root = await mkdtemp(path.join(os.tmpdir(), "rentals-fs-store-"));
  const store = createFsStore(root);
  return {
    store,
    age: (key, when) => utimes(path.join(root, ...key.split("/")), when, when),
    keys: (prefix = "") => keysOf(store, prefix),
    close: () => rm(root, { recursive: true, force: true }),
  };
}

export async function createTestS3Store(): Promise<TestStore> {
  const bucket = await startTestBucket();
  const store = createS3Store(bucket.settings);
  return {
    store,
    age: bucket.age,
    keys: (prefix = "") => keysOf(store, prefix),
    async close() {
      await store.close();
      await bucket.close();
    },
  };
}

export const testStores = { fs: createTestFsStore, s3: createTestS3Store } as const;

/** A stored object's bytes, or null. */
export async function readObject(store: ObjectStore, key: string): Promise<Buffer | null> {
  const found = await store.get(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
