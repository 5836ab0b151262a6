import { createHash } from "node:crypto";
import { link } from "node:fs/promises";
import path from "node:path";
import { syncDirectory } from "#server/storage/durable";
import { isFsStore } from "#server/storage/fs-store";
import { tenantFileKey } from "#server/storage/keys";
import type { ObjectStore } from "#server/storage/storage";
import { makeSamples, type Sample } from "./scale-samples";
import type { ScaleContext } from "./scale-sizes";
import { inBatches, oneOf, pick, quote, rnd, rowUuid, textArray, weighted } from "./scale-sql";
import { documentNotes } from "./scale-words";

/**
 * Document requests and tenants' documents: a third received through a request's link, half
 * sent by signed-in tenants, the rest shared by the office.
 *
 * Each row names its own file, as the product's rows do (`tenant_files.filename` is unique, and
 * deleting a row deletes its bytes). The bytes are a few sample documents written once through
 * the store; every other row's name is a hard link to one of them in the store's folder, so that
 * downloads, deletes and the orphan sweep find each row's file as they would any other, while
 * the disk holds the samples' bytes once. A bucket has no links, hence STORAGE=fs only.
 */

/** Which kind of document row each file number is: 1..viaRequest, then tenants', then office. */
const SHARES = { viaRequest: 0.3, fromTenants: 0.5 };

/** The store's tenant files folder; the scale seed refuses any other store. */
export function documentsFolder(store: ObjectStore): string {
  if (!isFsStore(store)) {
    throw new Error(
      "The scale seed needs STORAGE=fs: its documents are links to a few sample files, which a bucket cannot hold without an upload for each.",
    );
  }
  return path.join(store.root, "tenant-files");
}

/** File number g's stored name: the same md5 uuid the SQL's rowUuid("file") makes. */
function filenameOf(salt: string, g: number): string {
  const hex = createHash("md5").update(`${salt}:file:${g}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** File number g is a copy of sample (g - 1) mod K; files 1..K are the samples themselves. */
async function writeFiles(context: ScaleContext, samples: Sample[], total: number) {
  const { store, salt } = context;
  const folder = documentsFolder(store);
  const written: string[] = [];
  context.undo.push(async () => {
    await eachLimited(written, (name) => store.delete(tenantFileKey(name)));
  });
  const count = Math.min(samples.length, total);
  for (let g = 1; g <= count; g++) {
    const sample = samples[g - 1]!;
    written.push(filenameOf(salt, g));
    await store.put(tenantFileKey(filenameOf(salt, g)), sample.bytes, {
      contentType: sample.mime,
    });
  }
  const links = Array.from({ length: Math.max(0, total - count) }, (_, i) => count + i + 1);
  await eachLimited(links, async (g) => {
    const name = filenameOf(salt, g);
    written.push(name);
    const source = filenameOf(salt, ((g - 1) % samples.length) + 1);
    await link(path.join(folder, source), path.join(folder, name));
  });
  await syncDirectory(folder);
}

async function eachLimited<T>(items: T[], work: (item: T) => Promise<void>, limit = 32) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

const insertRequests = `
  insert into document_requests (id, tenant_name, tenant_email, property_id, property_name, unit,
    category, note, language, expires_at, created_at)
  select ${rowUuid("document-request")}, t.display_name, t.email, p.id, p.title, u.unit_number,
    ${weighted(
      [
        ["'lease'", 0.5],
        ["'other'", 0.2],
        ["'property'", 0.15],
        ["'maintenance'", 0.15],
      ],
      52,
    )},
    ${oneOf(documentNotes, 53)}, t.language, x.at + interval '14 days', x.at
  from generate_series($from::bigint, $to::bigint) g
  join users t on t.id = ${rowUuid("tenant", `1 + ${pick(51, "$tenants::bigint")}`)}
  join units u on u.id = t.unit_id
  join properties p on p.id = u.property_id
  -- Within the retention's two years (an older request would be purged at the first start).
  cross join lateral (select greatest(t.invited_at, now() - interval '700 days') as since) w
  cross join lateral (select w.since + (now() - w.since) * ${rnd(54)} as at) x`;

/** The file columns from file number `f.n`, its sample `f.s` and its upload time `f.at`. */
const fileColumns = (samples: Sample[]) => `
    ${rowUuid("file", "f.n")}::text,
    (${textArray(samples.map((s) => s.name))})[1 + f.s] || ' ' || to_char(f.at, 'Mon YYYY')
      || (${textArray(samples.map((s) => s.extension))})[1 + f.s],
    (array[${samples.map((s) => s.bytes.length).join(", ")}])[1 + f.s],
    (${textArray(samples.map((s) => s.mime))})[1 + f.s], f.at`;

const fileNumber = (at: string) =>
  `cross join lateral (select $offset + g as n, ($offset + g - 1) % $samples as s, ${at} as at) f`;

const columns = `tenant_id, request_id, tenant_name, tenant_email, property_id, property_name, unit,
    category, filename, original_name, size, mime, uploaded_at, from_office`;

const insertThroughRequests = (samples: Sample[]) => `
  insert into tenant_files (${columns})
  select null, r.id, r.tenant_name, r.tenant_email, r.property_id, r.property_name, r.unit,
    r.category, ${fileColumns(samples)}, false
  from generate_series($from::bigint, $to::bigint) g
  join document_requests r
    on r.id = ${rowUuid("document-request", `1 + ${pick(61, "$requests::bigint")}`)}
  ${fileNumber(`least(now(), r.created_at + ${rnd(62)} * interval '13 days')`)}`;

/** A tenant's own upload (`fromOffice` false) or one the office shared with them (true). */
const insertOfTenants = (samples: Sample[], fromOffice: boolean) => `
  insert into tenant_files (${columns})
  select t.id, null, t.display_name, t.email, p.id, p.title, u.unit_number,
    ${fromOffice ? quote("lease") : `(${textArray(samples.map((s) => s.category))})[1 + f.s]`},
    ${fileColumns(samples)}, ${fromOffice}
  from generate_series($from::bigint, $to::bigint) g
  join users t on t.id = ${rowUuid("tenant", `1 + ${pick(63, "$tenants::bigint")}`)}
  join units u on u.id = t.unit_id
  join properties p on p.id = u.property_id
  ${fileNumber(`t.invited_at + (now() - t.invited_at) * ${rnd(64)}`)}`;

export async function loadDocuments(context: ScaleContext): Promise<Record<string, number>> {
  const { client, sizes, salt, made } = context;
  const tenants = made.users ?? 0;
  if (tenants === 0) return { document_requests: 0, tenant_files: 0 };
  const samples = await makeSamples();
  await writeFiles(context, samples, sizes.tenantFiles);
  const params = { salt, tenants, samples: samples.length };
  const requests = await inBatches(client, insertRequests, sizes.documentRequests, params);
  const viaRequest = Math.round(sizes.tenantFiles * SHARES.viaRequest);
  const fromTenants = Math.round(sizes.tenantFiles * SHARES.fromTenants);
  const parts: [string, number][] = [
    [insertThroughRequests(samples), viaRequest],
    [insertOfTenants(samples, false), fromTenants],
    [insertOfTenants(samples, true), sizes.tenantFiles - viaRequest - fromTenants],
  ];
  let files = 0;
  let offset = 0;
  for (const [sql, count] of parts) {
    files += await inBatches(client, sql, count, { ...params, requests, offset });
    offset += count;
  }
  return { document_requests: requests, tenant_files: files };
}
