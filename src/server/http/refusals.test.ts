import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { inquiriesApi } from "#domain/api/inquiries";
import { projectRoot } from "#tests/support/app-process";
import { loginAs } from "#tests/support/auth";
import { urlOf } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * A request refused before its body is read (no session, wrong role, too large, wrong type, too
 * many requests) must still reach the client as that refusal. The server used to answer and
 * close at once while the client was still sending: the client saw EPIPE or a reset instead of
 * "please sign in again". These tests go over a real socket, with Node's fetch and with curl, the
 * way a browser's upload does: the whole body is sent, then the answer is read.
 */
const execFileAsync = promisify(execFile);
const TRIES = 100;
/** 100 posts of 12 MB take seconds alone, and much longer on two cores shared with other tests. */
const SLOW = 180_000;
const BOUNDARY = "----refusal-proof";

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let origin: string;
let scratch: string;

beforeAll(async () => {
  database = await createTestDb();
  // The rate limits (a few inquiries a minute; every request, refused ones included, counts
  // toward the app-wide limit) would answer 429 before the guard or the size is seen.
  testApp = await createTestApp(database, {
    env: { INQUIRIES_PER_MINUTE: "1000", RATE_LIMIT_PER_MINUTE: "100000" },
  });
  await testApp.app.listen({ host: "127.0.0.1", port: 0 });
  origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  scratch = await mkdtemp(path.join(os.tmpdir(), "rentals-refusals-"));
});

afterAll(async () => {
  await testApp?.close();
  await database?.drop();
  await rm(scratch, { recursive: true, force: true });
});

/** A multipart body of exactly `size` bytes: one file part filled with random bytes. */
function multipartBody(size: number): Buffer {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="photo.jpg"\r\n` +
      "Content-Type: image/jpeg\r\n\r\n",
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  if (size <= head.length + tail.length) return randomBytes(size);
  return Buffer.concat([head, randomBytes(size - head.length - tail.length), tail]);
}

const sizes = [
  ["3 bytes", 3],
  ["1 MB", 1024 * 1024],
  ["12 MB", 12 * 1024 * 1024],
] as const;

const uploadUrl = () => `${origin}${urlOf(adminPropertiesApi.uploadImages)}`;

/** `tries` POSTs in a row from Node's fetch in another process: the tally of statuses. */
async function fetchTally(
  file: string,
  tries: number,
  headers: Record<string, string> = {},
  url = uploadUrl(),
) {
  const script = path.join(projectRoot, "tests/support/post-repeatedly.mjs");
  const allHeaders = { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers };
  const { stdout } = await execFileAsync(
    process.execPath,
    [script, url, file, String(tries), JSON.stringify(allHeaders)],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout) as { counts: Record<string, number>; failures: string[] };
}

async function postWithCurl(file: string, headers: Record<string, string> = {}, url = uploadUrl()) {
  const args = ["-sS", "-o", "-", "-w", "\n%{http_code}", "--data-binary", `@${file}`];
  const allHeaders = { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers };
  for (const [name, value] of Object.entries(allHeaders)) args.push("-H", `${name}: ${value}`);
  try {
    const { stdout } = await execFileAsync("curl", [...args, url], {
      maxBuffer: 1024 * 1024,
    });
    const lines = stdout.trimEnd().split("\n");
    return { status: Number(lines.pop()), body: lines.join("\n") };
  } catch (error) {
    return { status: 0, body: (error as { stderr?: string }).stderr ?? String(error) };
  }
}

/** Counts the statuses of `tries` requests made one after another. */
async function tally(tries: number, send: () => Promise<{ status: number; body: string }>) {
  const counts: Record<string, number> = {};
  const failures: string[] = [];
  for (let i = 0; i < tries; i++) {
    const { status, body } = await send();
    counts[status] = (counts[status] ?? 0) + 1;
    if (status === 0 && failures.length < 3) failures.push(body);
  }
  return { counts, failures };
}

/** A file of the body, once per size. */
async function bodyFile(size: number, name = `body-${size}`): Promise<string> {
  const file = path.join(scratch, name);
  await writeFile(file, multipartBody(size));
  return file;
}

describe("a refused upload reaches the client", () => {
  for (const [label, size] of sizes) {
    it(
      `fetch: ${TRIES} posts of ${label} without a session all read the 401`,
      async () => {
        const result = await fetchTally(await bodyFile(size), TRIES);
        expect(result).toEqual({ counts: { 401: TRIES }, failures: [] });
      },
      SLOW,
    );
  }

  for (const [label, size] of sizes) {
    it(
      `curl: ${TRIES} posts of ${label} without a session all read the 401`,
      async () => {
        const result = await tally(TRIES, async () => postWithCurl(await bodyFile(size)));
        expect(result).toEqual({ counts: { 401: TRIES }, failures: [] });
      },
      SLOW,
    );
  }

  it("the answer is the API's refusal, with its message", async () => {
    const { status, body } = await postWithCurl(await bodyFile(1024 * 1024));
    expect(status).toBe(401);
    expect(JSON.parse(body)).toMatchObject({ error: "unauthorized", message: expect.any(String) });
  });

  it(
    "a 12 MB photo from a signed-in administrator reads the 413 (fetch and curl)",
    async () => {
      const admin = await loginAs(testApp.app, database.db, "admin");
      const file = await bodyFile(12 * 1024 * 1024);
      const viaFetch = await fetchTally(file, 20, admin.headers);
      const viaCurl = await tally(20, () => postWithCurl(file, admin.headers));
      expect(viaFetch).toEqual({ counts: { 413: 20 }, failures: [] });
      expect(viaCurl).toEqual({ counts: { 413: 20 }, failures: [] });
    },
    SLOW,
  );

  it("a body read to its end is answered on a connection that stays open", async () => {
    const response = await fetch(uploadUrl(), {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: new Uint8Array(multipartBody(1024 * 1024)),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("connection")).not.toBe("close");
    await response.arrayBuffer();
  });

  it(
    "a body over the route's own limit still reads its 413, then the connection closes",
    async () => {
      const url = `${origin}${urlOf(inquiriesApi.send)}`;
      const file = path.join(scratch, "inquiry-12mb.json");
      await writeFile(file, JSON.stringify({ name: "x".repeat(12 * 1024 * 1024) }));
      const json = { "content-type": "application/json" };
      const viaFetch = await fetchTally(file, 20, json, url);
      const viaCurl = await tally(20, () => postWithCurl(file, json, url));
      expect(viaFetch).toEqual({ counts: { 413: 20 }, failures: [] });
      expect(viaCurl).toEqual({ counts: { 413: 20 }, failures: [] });
    },
    SLOW,
  );
});
