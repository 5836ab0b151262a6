import { setTimeout as sleep } from "node:timers/promises";
import type pg from "pg";

/** insufficient_privilege: what PostgreSQL answers when a backend it would end is not ours. */
const INSUFFICIENT_PRIVILEGE = "42501";

/**
 * Drops a test database with whatever is still connected to it. `with (force)` ends the other
 * backends, and a role that is not a superuser may end only its own: an autovacuum worker that
 * happens to be in the database (it belongs to no role) makes the drop fail with 42501, for the
 * moment the worker takes. So that refusal is retried, briefly; anything else is thrown.
 */
export async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`drop database if exists "${name}" with (force)`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== INSUFFICIENT_PRIVILEGE || attempt === 20) throw error;
      await sleep(250);
    }
  }
}
