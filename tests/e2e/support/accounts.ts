import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { type APIRequestContext, expect } from "@playwright/test";
import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import { authApi } from "#domain/api/auth";
import { tenantPortalApi } from "#domain/api/tenant-portal";
import { buildUrl } from "#domain/api/wire";
import type { SessionUser } from "#domain/auth";
import { projectRoot } from "#tests/support/app-process";
import { outbox, unitId } from "./listings";

/** The shared server's administrator (ADMIN_EMAIL / ADMIN_PASSWORD at its start). */
export const E2E_ADMIN = { email: "e2e-admin@example.com", password: "E2e-admin-pass-1" };

const run = promisify(execFile);
let counter = 0;

/** Another account on the shared server, made with the real command line. */
export async function createAccount(options: {
  role: "admin" | "tenant";
  verified?: boolean;
  name?: string;
  /** The DATA_DIR of the server to add it to (default: the shared one). */
  dataDir?: string;
}) {
  counter++;
  const email = `${options.role}-${process.pid}-${counter}-${Date.now()}@example.com`;
  const password = "Account-pass-1";
  const args = [
    "src/server/cli/users.ts",
    "add",
    "--email",
    email,
    "--password",
    password,
    "--role",
    options.role,
  ];
  if (options.name) args.push("--name", options.name);
  if (options.verified === false) args.push("--unverified");
  await run(path.join(projectRoot, "node_modules/.bin/tsx"), args, {
    cwd: projectRoot,
    env: { ...process.env, DATA_DIR: options.dataDir ?? process.env.E2E_DATA_DIR },
  });
  return { email, password };
}

/** Changes a password with the real command line, as the office would. */
export async function changePassword(email: string, password: string) {
  await run(
    path.join(projectRoot, "node_modules/.bin/tsx"),
    ["src/server/cli/users.ts", "set-password", "--email", email, "--password", password],
    {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    },
  );
}

/** Signs in at /login as a person would: the form's fields and its button. */
export async function signInThroughForm(
  page: import("@playwright/test").Page,
  account: { email: string; password: string },
) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/**
 * A tenant's session as the portal makes one: the office invites them (through the API, to the
 * one unit of Garden Street Colonial, which no other test invites to), and the link of the
 * invitation e-mail signs them in. Tenants have no password sign-in.
 */
export async function invitedTenantSession(request: APIRequestContext, name: string) {
  counter++;
  const email = `tenant-${process.pid}-${counter}-${Date.now()}@example.com`;
  const login = await request.post(buildUrl(authApi.login, {}), { data: E2E_ADMIN });
  const { token: staffToken } = (await login.json()) as { token: string };
  const unit = await unitId(request, "Garden Street Colonial", "House");
  const invited = await request.post(buildUrl(adminMaintenanceApi.invite, { id: unit }), {
    headers: { authorization: `Bearer ${staffToken}` },
    data: { name, email },
  });
  if (invited.status() !== 201) throw new Error(`invitation answered ${invited.status()}`);
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await outbox()).find((m) => m.to === email);
        const link = mail && /\/tenant-portal\/sign-in\?token=([\w%-]+)/.exec(mail.text);
        token = link ? decodeURIComponent(link[1]!) : undefined;
        return token;
      },
      { timeout: 30_000, message: `the invitation to ${email}` },
    )
    .toBeDefined();
  const signedIn = await request.post(buildUrl(tenantPortalApi.signIn, {}), { data: { token } });
  if (signedIn.status() !== 200)
    throw new Error(`the link's sign-in answered ${signedIn.status()}`);
  return (await signedIn.json()) as { token: string; user: SessionUser };
}
