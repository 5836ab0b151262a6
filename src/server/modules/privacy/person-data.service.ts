import { PassThrough, type Readable } from "node:stream";
import { type HeldKind, type PersonData, privacyMessages } from "#domain/privacy";
import type { Db } from "#server/db/client";
import { removePhoto } from "#server/modules/maintenance";
import { removeStoredFiles } from "#server/modules/tenant-files";
import { tenantFileKey } from "#server/storage/keys";
import type { ObjectStore } from "#server/storage/object-store";
import {
  accountOf,
  eraseRows,
  exportPages,
  hasDecidedApplications,
  heldAbout,
  type PersonAccount,
  personRows,
} from "./person-data.repository";

export type PrivacyDeps = { db: Db; store: ObjectStore; now: () => Date };

/** What an erasure keeps of this account's data (and of decided applications), and why. */
function keptFor(
  account: PersonAccount | null,
  decidedApplications: boolean,
): { kind: HeldKind; reason: string }[] {
  const applications = decidedApplications
    ? [{ kind: "applications" as const, reason: privacyMessages.keptApplications }]
    : [];
  if (account?.role === "admin")
    return [
      ...(["account", "auditEntries"] as const).map((kind) => ({
        kind,
        reason: privacyMessages.keptStaff,
      })),
      ...applications,
    ];
  if (account && !account.accessEndedAt)
    return [
      ...(["account", "documents", "documentRequests", "maintenance", "auditEntries"] as const).map(
        (kind) => ({ kind, reason: privacyMessages.keptTenancy }),
      ),
      ...applications,
    ];
  return applications;
}

async function keptOf(deps: PrivacyDeps, email: string, account: PersonAccount | null) {
  return keptFor(account, await hasDecidedApplications(deps, email));
}

/** Everything held about the address, and what an erasure would keep. */
export async function lookUp(deps: PrivacyDeps, email: string): Promise<PersonData> {
  const account = await accountOf(deps, email);
  return {
    email,
    held: await heldAbout(deps, email, account),
    kept: await keptOf(deps, email, account),
  };
}

/**
 * Erases what is held about the address, except what must be kept (`by`, the staff member, is
 * recorded as answering the person's privacy requests); the stored files of removed
 * documents and photos go after the rows (best effort: the orphan sweep takes what is left).
 */
export async function erase(deps: PrivacyDeps, email: string, by: string) {
  const account = await accountOf(deps, email);
  const kept = await keptOf(deps, email, account);
  const keeps = (kind: HeldKind) => kept.some((k) => k.kind === kind);
  const { removed, filenames, photos } = await eraseRows(
    deps,
    email,
    account,
    {
      tenancy: keeps("documents"),
      account: keeps("account"),
      audit: keeps("auditEntries"),
      decidedApplications: keeps("applications"),
    },
    by,
  );
  await removeStoredFiles(deps.store, filenames).catch(() => undefined);
  for (const photo of photos) await removePhoto(deps.store, photo);
  return { removed, kept };
}

const PAGE = 500;

/**
 * Everything held about the address as one JSON document, written as it is read: each kind a
 * page of rows at a time, each document's bytes (base64) from the store one file at a time, so
 * memory holds one page or one file whatever the person has.
 */
export function exportPerson(deps: PrivacyDeps, email: string): Readable {
  const out = new PassThrough();
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((done) => out.once("drain", done));
  void (async () => {
    const account = await accountOf(deps, email);
    const where = personRows(email, account);
    await write(
      `{"email":${JSON.stringify(email)},"exportedAt":${JSON.stringify(new Date().toISOString())}`,
    );
    await write(`,"account":${JSON.stringify(account && { ...account, id: undefined })}`);
    for (const kind of [
      "inquiries",
      "showings",
      "applications",
      "waitlists",
      "alerts",
      "documentRequests",
      "maintenance",
      "mails",
      "privacyRequests",
      "auditEntries",
    ] as const) {
      await write(`,${JSON.stringify(kind)}:[`);
      let first = true;
      for (let after: string | null = null; ; ) {
        const rows: ({ key: string } & Record<string, unknown>)[] = await exportPages[kind](
          deps.db,
          where[kind],
          after,
          PAGE,
        );
        for (const { key: _, ...row } of rows) {
          await write(`${first ? "" : ","}${JSON.stringify(row)}`);
          first = false;
        }
        if (rows.length < PAGE) break;
        after = rows.at(-1)!.key;
      }
      await write("]");
    }
    await write(`,"documents":[`);
    let first = true;
    for (let after: string | null = null; ; ) {
      const rows = await exportPages.documents(deps.db, where.documents, after, PAGE);
      after = rows.at(-1)?.key ?? null;
      for (const { filename, key: _, ...file } of rows) {
        const stored = await deps.store.get(tenantFileKey(filename));
        const chunks: Buffer[] = [];
        if (stored) for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
        const content = stored ? Buffer.concat(chunks).toString("base64") : null;
        await write(`${first ? "" : ","}${JSON.stringify({ ...file, content })}`);
        first = false;
      }
      if (rows.length < PAGE) break;
    }
    await write("]}");
    out.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
