import { parseArgs } from "node:util";
import { userRoles } from "#domain/roles";
import { resetSecondStep } from "#server/modules/mfa";
import { addUser, createUsersRepository, listUsers, setUserPassword } from "#server/modules/users";
import { createAuditLog } from "../audit/audit-log";
import { loadConfig } from "../config";
import { openDatabase, runMigrations } from "../db/client";

/**
 * npm run users -- add --email E --password P [--role admin|tenant] [--name N] [--unverified]
 * npm run users -- list
 * npm run users -- set-password --email E --password P
 * npm run users -- reset-mfa --email E
 *
 * Works whether the app is running or not: it uses the app's running embedded server, or starts
 * it for the duration of the command.
 */
const usage = `Usage:
  npm run users -- add --email E --password P [--role ${userRoles.join("|")}] [--name N] [--unverified]
  npm run users -- list
  npm run users -- set-password --email E --password P
  npm run users -- reset-mfa --email E    (a lost phone or passkey: removes the account's second
                                           sign-in step and recovery codes, signs it out everywhere)`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string" },
      name: { type: "string" },
      unverified: { type: "boolean", default: false },
      help: { type: "boolean", short: "h" },
    },
  });
  const command = positionals[0];
  if (values.help || !command || !["add", "list", "set-password", "reset-mfa"].includes(command)) {
    console.log(usage);
    process.exit(values.help ? 0 : 1);
  }
  if (command === "reset-mfa" && !values.email) {
    throw new Error(`--email is required.\n${usage}`);
  }
  if (["add", "set-password"].includes(command) && (!values.email || !values.password)) {
    throw new Error(`--email and --password are required.\n${usage}`);
  }

  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    mode: "borrow",
  });
  try {
    await runMigrations(database);
    const deps = { db: database.db };
    if (command === "list") {
      const { users } = await listUsers(deps);
      if (users.length === 0) console.log("No users yet.");
      for (const u of users) {
        const verified = u.emailVerified ? "verified" : "unverified";
        console.log(`${u.email}\t${u.role}\t${verified}\t${u.displayName ?? ""}`);
      }
    } else if (command === "add") {
      const role = values.role ?? "tenant";
      if (!(userRoles as readonly string[]).includes(role)) {
        throw new Error(`--role must be one of: ${userRoles.join(", ")}.`);
      }
      const { user } = await addUser(deps, {
        email: values.email!,
        password: values.password!,
        role: role as (typeof userRoles)[number],
        displayName: values.name,
        emailVerified: !values.unverified,
      });
      console.log(`Added ${user.role} ${user.email}.`);
    } else if (command === "reset-mfa") {
      const user = await createUsersRepository(database.db).findByEmail(
        values.email!.trim().toLowerCase(),
      );
      if (!user) throw new Error(`No account has the e-mail address ${values.email}.`);
      await resetSecondStep(deps, user.id);
      await createAuditLog(database.db).record(
        {
          action: "mfa.reset",
          targetType: "user",
          targetId: user.id,
          detail: { email: user.email, by: "npm run users -- reset-mfa" },
        },
        { ipAddress: null, userAgent: null, requestId: null },
      );
      console.log(
        `Second sign-in step removed for ${user.email}; their sessions are signed out. They sign in with their password and can add a new one.`,
      );
    } else {
      const { user } = await setUserPassword(deps, {
        email: values.email!,
        password: values.password!,
      });
      console.log(`Password changed for ${user.email}; their other sessions are signed out.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: Error) => {
  console.error(`users: ${error.message}`);
  process.exit(1);
});
