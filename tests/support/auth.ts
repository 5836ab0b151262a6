import type { FastifyInstance } from "fastify";
import { authApi } from "#domain/api/auth";
import type { Db } from "#server/db/client";
import { addUser } from "#server/modules/users/users.service";
import { call } from "./call";

let counter = 0;

/** A fresh user of that role, signed in through the real login route: its token and e-mail. */
export async function loginAs(
  app: FastifyInstance,
  db: Db,
  role: "admin" | "tenant",
  options: { emailVerified?: boolean } = {},
): Promise<{ token: string; email: string; password: string; headers: { authorization: string } }> {
  counter++;
  const email = `${role}-${counter}-${Date.now()}@example.com`;
  const password = `pass-${counter}-secret`;
  await addUser({ db }, { email, password, role, emailVerified: options.emailVerified ?? true });
  const response = await call(app, authApi.login, { payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const { token } = response.json() as { token: string };
  return { token, email, password, headers: { authorization: `Bearer ${token}` } };
}
