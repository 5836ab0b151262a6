import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import type { Mailer } from "../../mail/mailer";

/** Tenant files, document requests and downloads. Being written. */
export const tenantFilesRoutes =
  (_deps: {
    db: Db;
    mailer: Mailer;
    secret: Uint8Array;
    filesDir: string;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async () => {};
