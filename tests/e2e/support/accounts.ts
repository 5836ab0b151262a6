import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { projectRoot } from "#tests/support/app-process";

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
