import {
  TENANT_MAX_FILES,
  TENANT_MAX_MB,
  UPLOAD_LINK_MAX_FILES,
  UPLOAD_LINK_MAX_MB,
} from "#domain/tenant-files";
import type { Db, Executor } from "#server/db/client";
import type { ObjectStore } from "#server/storage/storage";
import { commitUpload, type ReceivedUpload, type ReceiveUpload } from "./file-store";
import {
  createTenantFilesRepository,
  type Holding,
  type NewTenantFile,
  type TenantFileRow,
} from "./tenant-files.repository";

/**
 * What an upload link, and a signed-in tenant's own uploads, may hold in all. A batch is taken
 * whole or refused whole. The count that decides is made in the transaction that inserts the
 * rows, under a lock on the link's request or on the tenant's user row, so that requests
 * arriving together are counted one after the other; a check before the body is read only spares
 * a full link or account the upload.
 */
export type Quota = { files: number; bytes: number };

const MB = 1024 * 1024;
export const linkQuota: Quota = { files: UPLOAD_LINK_MAX_FILES, bytes: UPLOAD_LINK_MAX_MB * MB };
export const tenantQuota: Quota = { files: TENANT_MAX_FILES, bytes: TENANT_MAX_MB * MB };

export function fits(held: Holding, adding: readonly { size: number }[], quota: Quota): boolean {
  const bytes = adding.reduce((sum, file) => sum + file.size, held.bytes);
  return held.files + adding.length <= quota.files && bytes <= quota.bytes;
}

/** Room for one more file at least: what is asked before a byte of an upload is read. */
export const hasRoom = (held: Holding, quota: Quota) => fits(held, [{ size: 1 }], quota);

/** Whose upload it is, and how that owner is held to its quota. */
export type QuotaOwner = {
  quota: Quota;
  /** Whose files count: a link's request, or a signed-in tenant. */
  holder: { requestId: string } | { tenantId: string } | { sharedWith: string };
  /** Locks the owner's row for the rest of `tx`; false when the owner is gone. */
  lock: (tx: Executor) => Promise<boolean>;
  gone: () => Error;
  full: () => Error;
};

/**
 * An upload taken whole within its owner's quota: refused before a byte is read when the owner
 * has no room left, then received, and its rows (made by `toRows`, which may refuse the upload
 * by throwing) inserted under the owner's lock once they are counted and found to fit. Whatever
 * refuses the upload after it is received removes its files.
 */
export async function uploadWithinQuota(
  deps: { db: Db; store: ObjectStore },
  receive: ReceiveUpload,
  owner: QuotaOwner,
  toRows: (received: ReceivedUpload) => NewTenantFile[],
): Promise<TenantFileRow[]> {
  const held = await createTenantFilesRepository(deps.db).holding(owner.holder);
  if (!hasRoom(held, owner.quota)) throw owner.full();
  const received = await receive();
  return commitUpload(deps.store, received, async (upload) => {
    const rows = toRows(upload);
    return deps.db.transaction(async (tx) => {
      if (!(await owner.lock(tx))) throw owner.gone();
      const repository = createTenantFilesRepository(tx);
      if (!fits(await repository.holding(owner.holder), upload.files, owner.quota)) {
        throw owner.full();
      }
      return repository.insertMany(rows);
    });
  });
}
