import type { FastifyInstance } from "fastify";
import { authApi } from "#domain/api/auth";
import { tenantPortalApi } from "#domain/api/tenant-portal";
import type { SessionUser } from "#domain/auth";
import type { Db } from "#server/db/client";
import { createTenantLinks } from "#server/modules/tenants/tenant-links";
import { addUser } from "#server/modules/users/users.service";
import { call } from "./call";

let counter = 0;

/**
 * A fresh user of that role, signed in through the real routes: an administrator by the login
 * route, a tenant (who has no password sign-in) by a portal sign-in link made for them, as the
 * e-mailed one is. Its token, id and e-mail.
 */
export async function loginAs(
  app: FastifyInstance,
  db: Db,
  role: "admin" | "tenant",
  options: { emailVerified?: boolean } = {},
): Promise<{
  token: string;
  uid: string;
  email: string;
  password: string;
  headers: { authorization: string };
}> {
  counter++;
  const email = `${role}-${counter}-${Date.now()}@example.com`;
  const password = `pass-${counter}-secret`;
  const { user } = await addUser(
    { db },
    { email, password, role, emailVerified: options.emailVerified ?? true },
  );
  const response =
    role === "admin"
      ? await call(app, authApi.login, { payload: { email, password } })
      : await call(app, tenantPortalApi.signIn, {
          payload: {
            token: await createTenantLinks(db).issue(
              user.id,
              "sign_in",
              new Date(Date.now() + 15 * 60_000),
            ),
          },
        });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const session = response.json() as { token: string; user: SessionUser };
  return {
    token: session.token,
    uid: session.user.uid,
    email,
    password,
    headers: { authorization: `Bearer ${session.token}` },
  };
}
