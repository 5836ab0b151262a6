import { and, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { inBatches } from "#server/db/batches";
import type { Db } from "#server/db/client";
import { users } from "./users.table";

/** Former tenants: accounts whose access staff ended before `cutoff`, at most `limit`. */
export async function formerTenantsBefore(db: Db, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, "tenant"),
        isNotNull(users.accessEndedAt),
        lt(users.accessEndedAt, cutoff),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The accounts, with what cascades from them (sessions, links, factors, notifications). */
export async function deleteUsers(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.delete(users).where(inArray(users.id, ids));
  return result.rowCount ?? 0;
}

/**
 * Staff accounts nobody has signed in to since `cutoff` (the last sign-in, or the account's
 * creation if never). Never the office's last ones: when no
 * administrator has signed in since, all are kept (the office would be locked out of its own
 * back office; ADMIN_EMAIL would only make a new one at the next start).
 */
export function purgeUnusedStaffBefore(db: Db, cutoff: Date): Promise<number> {
  return inBatches(async (limit) => {
    const result = await db.execute(sql`
      delete from ${users} where ${users.id} in (
        select u.id from ${users} u
        where u.role = 'admin' and coalesce(u.last_sign_in_at, u.created_at) < ${cutoff}
        limit ${limit})
      and exists (select 1 from ${users} a
                  where a.role = 'admin'
                    and coalesce(a.last_sign_in_at, a.created_at) >= ${cutoff})`);
    return result.rowCount ?? 0;
  });
}
