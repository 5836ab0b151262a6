import type { FastifyServerOptions } from "fastify";
import type { LoginThrottle } from "#server/modules/auth";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { ResponseCache } from "./http/response-cache";
import type { WebMode } from "./http/web";
import type { Mailer } from "./mail/mailer";
import type { ObjectStore } from "./storage/storage";

/**
 * What buildApp is given: the configuration and database, and what a test may replace. Its own
 * file, so the platform, the shared services and the modules read it without importing app.ts
 * (which imports them).
 */
export type AppDeps = {
  config: Config;
  database: Database;
  /** Defaults to the configured one: the outbox in DATA_DIR, or SMTP. */
  mailer?: Mailer;
  /** Failed sign-ins per account; tests pass one with their own clock. */
  loginThrottle?: LoginThrottle;
  web?: WebMode;
  logger?: FastifyServerOptions["logger"];
  /** The public response cache; tests may pass one to watch it. */
  cache?: ResponseCache;
  /** Where photos and tenant files live; defaults to the configured one (fs or s3). */
  store?: ObjectStore;
  /**
   * Tests: told of every answer its route's contract does not declare (the answer becomes a
   * 500). Production relies on the response schemas alone.
   */
  onContractViolation?: (message: string) => void;
  /** The listing alerts' clock (the daily summary's hour); tests pass a fixed one. */
  clock?: () => Date;
};
