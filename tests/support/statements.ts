import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";
import { vi } from "vitest";

/**
 * Every statement sent to PostgreSQL while `work` runs. Pool clients are shared with the
 * workers, so a statement is told apart by the async context it was sent from: `work`'s (and
 * whatever it awaits), never a worker loop's. `recordStatements()` spies on the pg client once
 * (call it in beforeAll, after the app has booted: the first inject would otherwise run from the
 * boot's context); vi.restoreAllMocks() ends it.
 */
const inWork = new AsyncLocalStorage<string[]>();

export function recordStatements(): void {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string }).text;
    inWork.getStore()?.push(String(text));
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query);
}

export async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  // Awaited inside: an inject starts when awaited, and only then takes the context it runs in.
  await inWork.run(statements, async () => {
    await work();
  });
  return statements;
}
