import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "#server/http/errors";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { verifyPassword } from "./users.password";
import { createUsersRepository } from "./users.repository";
import { addUser, ensureAdministrator, listUsers, setUserPassword } from "./users.service";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDb();
});

afterAll(async () => {
  await database.drop();
});

describe("users service", () => {
  it("adds a user with an argon2id hash, never the password itself", async () => {
    const { user } = await addUser(
      { db: database.db },
      {
        email: " Office@Example.COM ",
        password: "correct horse",
        role: "admin",
        displayName: "Office",
      },
    );
    expect(user).toMatchObject({ email: "office@example.com", role: "admin", emailVerified: true });
    const row = await createUsersRepository(database.db).findByEmail("OFFICE@example.com");
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain("correct horse");
    expect(await verifyPassword(row!.passwordHash, "correct horse")).toBe(true);
    expect(await verifyPassword(row!.passwordHash, "wrong horse")).toBe(false);
  });

  it("refuses a second account for the same e-mail in any case", async () => {
    await expect(
      addUser({ db: database.db }, { email: "OFFICE@example.com", password: "another one" }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });

  it("refuses a bad e-mail or a short password with the product's words", async () => {
    await expect(
      addUser({ db: database.db }, { email: "nope", password: "long enough" }),
    ).rejects.toThrow("Please enter a valid email address");
    await expect(
      addUser({ db: database.db }, { email: "a@b.co", password: "short" }),
    ).rejects.toThrow("Password must be at least 8 characters long");
  });

  it("changes a password and ends the sessions issued before", async () => {
    const repo = createUsersRepository(database.db);
    const before = await repo.findByEmail("office@example.com");
    await setUserPassword(
      { db: database.db },
      { email: "office@example.com", password: "brand new pass" },
    );
    const after = await repo.findByEmail("office@example.com");
    expect(after!.tokenVersion).toBe(before!.tokenVersion + 1);
    expect(await verifyPassword(after!.passwordHash, "brand new pass")).toBe(true);
  });

  it("says so when no user has the e-mail", async () => {
    const attempt = setUserPassword(
      { db: database.db },
      { email: "ghost@example.com", password: "whatever1" },
    );
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 404 });
  });

  it("lists users without their hashes", async () => {
    const { users } = await listUsers({ db: database.db });
    expect(users.map((u) => u.email)).toEqual(["office@example.com"]);
    expect(users[0]).not.toHaveProperty("passwordHash");
  });
});

describe("ensureAdministrator (ADMIN_EMAIL / ADMIN_PASSWORD)", () => {
  it("creates a verified administrator when none has the e-mail", async () => {
    const { user, created } = await ensureAdministrator(
      { db: database.db },
      { email: "boss@example.com", password: "boss-password-1" },
    );
    expect(created).toBe(true);
    expect(user).toMatchObject({ email: "boss@example.com", role: "admin", emailVerified: true });
  });

  it("keeps sessions when the password is unchanged, and resets it when it changed", async () => {
    const repo = createUsersRepository(database.db);
    const before = await repo.findByEmail("boss@example.com");
    await ensureAdministrator(
      { db: database.db },
      { email: "boss@example.com", password: "boss-password-1" },
    );
    expect((await repo.findByEmail("boss@example.com"))!.tokenVersion).toBe(before!.tokenVersion);
    await ensureAdministrator(
      { db: database.db },
      { email: "boss@example.com", password: "boss-password-2" },
    );
    const after = await repo.findByEmail("boss@example.com");
    expect(after!.tokenVersion).toBe(before!.tokenVersion + 1);
    expect(await verifyPassword(after!.passwordHash, "boss-password-2")).toBe(true);
  });

  it("gives every instance starting at once the same one administrator", async () => {
    const input = { email: "together@example.com", password: "together-pass-1" };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => ensureAdministrator({ db: database.db }, input)),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.user.id)).size).toBe(1);
    const rows = (await listUsers({ db: database.db })).users.filter(
      (u) => u.email === input.email,
    );
    expect(rows).toHaveLength(1);
  });

  it("promotes and verifies an existing account with that e-mail", async () => {
    await addUser(
      { db: database.db },
      { email: "tenant@example.com", password: "tenant-pass", emailVerified: false },
    );
    const { user, created } = await ensureAdministrator(
      { db: database.db },
      { email: "tenant@example.com", password: "tenant-pass" },
    );
    expect(created).toBe(false);
    expect(user).toMatchObject({ role: "admin", emailVerified: true });
  });
});
