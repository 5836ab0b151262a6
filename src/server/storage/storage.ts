import type { Config } from "../config";
import { dataDirectories } from "../paths";
import { createFsStore } from "./fs-store";
import type { ObjectStore } from "./object-store";
import { createS3Store } from "./s3-store";

/**
 * Where photos and tenant documents live, behind one interface (object-store.ts): DATA_DIR on
 * the local disk (`fs`, the default) or an S3-compatible bucket (`s3`), so several instances can
 * share them.
 */

// Code that only needs the interface may import it from here too.
export type {
  DownloadUrlOptions,
  ListedObject,
  ObjectInfo,
  ObjectStore,
  PutOptions,
  StoredObject,
} from "./object-store";

/**
 * A private folder on the local disk where multipart bodies are received, counted and sniffed
 * before they are put in the store. With `fs` it is the tenant files folder itself, so the move
 * into the store is a rename; with `s3` it only ever holds temporaries (`.<uuid>.part`).
 */
export function scratchDirectory(dataDir: string): string {
  return dataDirectories(dataDir).filesDir;
}

/** The configured driver. The caller closes the store when the process stops. */
export function createObjectStore(config: Pick<Config, "dataDir" | "storage">): ObjectStore {
  return config.storage.driver === "s3"
    ? createS3Store(config.storage.s3)
    : createFsStore(config.dataDir);
}
