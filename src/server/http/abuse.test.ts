import type net from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { JSON_MAX_DEPTH } from "#domain/api/contract";
import { healthApi } from "#domain/api/health";
import { inquiriesApi } from "#domain/api/inquiries";
import { listingsApi } from "#domain/api/listings";
import { outgoingMailApi } from "#domain/api/outgoing-mail";
import { messages } from "#domain/messages";
import { loginAs } from "#tests/support/auth";
import { urlOf } from "#tests/support/call";
import { exchange } from "#tests/support/raw-socket";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { nestsDeeperThan } from "./json-body";

/**
 * Work bounded per request: what an attacker found cost the server more than it should, each
 * reproduced here. Deep JSON was parsed before any check (and by the catch-all of unknown API
 * paths), refused requests were never counted by the rate limit, the health check asked the
 * database on every request, a body sent a byte at a time held its request open for as long
 * as the sender liked, and a malformed Host header reached the pages.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDb();
});

afterAll(async () => {
  await database.drop();
});

const deep = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("nestsDeeperThan", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    expect(nestsDeeperThan(deep(3), 3)).toBe(false);
    expect(nestsDeeperThan(deep(4), 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[1,2,{"c":3}]}}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[1,2,{"c":3}]}}', 3)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[[[[[[[\\"{{{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(`{"a": "\\\\"}`, 1)).toBe(false);
    // Not JSON at all still answers, in one pass.
    expect(nestsDeeperThan("[".repeat(1_000_000), JSON_MAX_DEPTH)).toBe(true);
  });
});

describe("bodies", () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await createTestApp(database));
  });

  afterAll(async () => {
    await close();
  });

  it("refuses JSON nested deeper than the limit before parsing it, in the API's format", async () => {
    const response = await app.inject({
      method: "POST",
      url: urlOf(inquiriesApi.send),
      headers: { "content-type": "application/json" },
      payload: `{"name":${deep(JSON_MAX_DEPTH + 1)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "bad_request",
      message: messages.server.tooDeep,
    });
    // A body at the limit is parsed and validated as usual.
    const atLimit = await app.inject({
      method: "POST",
      url: urlOf(inquiriesApi.send),
      headers: { "content-type": "application/json" },
      payload: `{"name":${deep(JSON_MAX_DEPTH - 1)}}`,
    });
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json()).toMatchObject({ error: "validation_failed" });
  });

  it("answers an unknown API path 404 without parsing its body (a megabyte of brackets included)", async () => {
    for (const payload of ["{not json", "[".repeat(1024 * 1024)]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/x",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: "not_found" });
    }
  });

  it("drops the body a client sends to a route that takes none, without parsing it", async () => {
    const admin = (await loginAs(app, database.db, "admin")).headers;
    const response = await app.inject({
      method: outgoingMailApi.retry.method,
      url: urlOf(outgoingMailApi.retry, { id: "987654" }),
      headers: { ...admin, "content-type": "application/json" },
      payload: "{not json",
    });
    // Not a 400 for the broken JSON: the route looked for the message and found none.
    expect(response.statusCode).toBe(404);
  });

  it("gives every route the body limit its contract declares", () => {
    const routes = app.routeTable.filter((r) => r.contract);
    expect(routes.length).toBeGreaterThan(30);
    for (const { contract } of routes) {
      expect(contract!.bodyLimit, contract!.id).toBeGreaterThan(0);
      if (!contract!.body && !contract!.multipart) expect(contract!.bodyLimit).toBeLessThan(4096);
      if (contract!.body) expect(contract!.bodyLimit).toBeLessThanOrEqual(64 * 1024);
    }
  });
});

describe("the rate limit", () => {
  it("counts requests a guard refuses: the 11th of a limit of 10 is a 429, not another 401", async () => {
    const { app, close } = await createTestApp(database, { env: { RATE_LIMIT_PER_MINUTE: "10" } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const response = await app.inject({ method: "GET", url: urlOf(outgoingMailApi.list) });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual([429, 429]);
      // Unknown API paths count as well.
      const unknown = await app.inject({ method: "GET", url: "/api/nothing-here" });
      expect(unknown.statusCode).toBe(429);
    } finally {
      await close();
    }
  });
});

describe("the rate limit, with routes of their own limit", () => {
  it("counts their requests toward the app-wide limit too", async () => {
    const { app, close } = await createTestApp(database, {
      env: { RATE_LIMIT_PER_MINUTE: "10", INQUIRIES_PER_MINUTE: "3" },
    });
    try {
      const inquiries: number[] = [];
      for (let i = 0; i < 10; i++) {
        const response = await app.inject({
          method: "POST",
          url: urlOf(inquiriesApi.send),
          headers: { "content-type": "application/json" },
          payload: "{}",
        });
        inquiries.push(response.statusCode);
      }
      // Three reach the form (and fail its validation), the rest meet its own limit.
      expect(inquiries).toEqual([400, 400, 400, 429, 429, 429, 429, 429, 429, 429]);
      // Those ten used up the address's minute everywhere else as well.
      const read = await app.inject({ method: "GET", url: urlOf(listingsApi.listBuildings) });
      expect(read.statusCode).toBe(429);
      expect(read.headers["retry-after"]).toBeDefined();
      // The health checks are not limited.
      const health = await app.inject({ method: "GET", url: urlOf(healthApi.liveness) });
      expect(health.statusCode).toBe(200);
    } finally {
      await close();
    }
  });
});

describe("the health check", () => {
  it("asks the database at most once a second, however often it is asked", async () => {
    const { app, close } = await createTestApp(database);
    const query = vi.spyOn(database.pool, "query");
    try {
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 200 }, () =>
          app.inject({ method: "GET", url: urlOf(healthApi.liveness) }),
        ),
      );
      const seconds = Math.ceil((Date.now() - started) / 1000);
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      const probes = query.mock.calls.filter(([text]) => text === "select 1").length;
      expect(probes).toBeGreaterThanOrEqual(1);
      expect(probes).toBeLessThanOrEqual(seconds + 1);
    } finally {
      query.mockRestore();
      await close();
    }
  });
});

describe("slow senders", () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let port: number;

  beforeAll(async () => {
    ({ app, close } = await createTestApp(database, {
      env: { BODY_TIMEOUT_SECONDS: "1", HEADERS_TIMEOUT_SECONDS: "1" },
    }));
    await app.listen({ host: "127.0.0.1", port: 0 });
    port = (app.server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    await close();
  });

  it("cuts off a body sent a byte at a time: 408 in the API's format, then the connection closes", async () => {
    const head = [
      `POST ${urlOf(inquiriesApi.send)} HTTP/1.1`,
      "Host: 127.0.0.1",
      "Content-Type: application/json",
      "Content-Length: 1000",
      "",
      "",
    ].join("\r\n");
    const bytes = Array.from({ length: 20 }, () => ({ write: " ", waitMs: 300 }));
    const { answer, closedByServer } = await exchange(
      port,
      [{ write: head }, { write: "{" }, ...bytes],
      15_000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toContain(messages.server.bodyTimeout);
    expect(closedByServer).toBe(true);
  });

  it("closes a connection whose headers do not arrive in time", async () => {
    const { answer, closedByServer } = await exchange(
      port,
      [
        { write: "GET /api/health HTTP/1.1\r\n", waitMs: 500 },
        { write: "Host: 127.0.0.1\r\n", waitMs: 1_000 },
        { write: "X-Slow: 1\r\n", waitMs: 1_500 },
        { write: "\r\n" },
      ],
      15_000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedByServer).toBe(true);
  });

  it("cuts the connection of an upload whose parts stop arriving, keeping nothing of it", async () => {
    const admin = (await loginAs(app, database.db, "admin")).headers;
    const images = async () =>
      (await database.pool.query("select count(*)::int as n from images")).rows[0].n as number;
    const before = await images();
    const boundary = "----slow-upload";
    const head = [
      `POST ${urlOf(adminPropertiesApi.uploadImages)} HTTP/1.1`,
      "Host: 127.0.0.1",
      `Authorization: ${admin.authorization}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      // 1 s, and a second more for up to 64 KB declared.
      "Content-Length: 2000",
      "",
      "",
    ].join("\r\n");
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const started = Date.now();
    // The client gives up after 15 s: the server closed well before.
    await exchange(port, [{ write: head + part }], 15_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await images()).toBe(before);
  });

  it("refuses an upload that declares more than its route reads, before reading it", async () => {
    const admin = (await loginAs(app, database.db, "admin")).headers;
    const { answer } = await exchange(
      port,
      [
        {
          write: [
            `POST ${urlOf(adminPropertiesApi.uploadImages)} HTTP/1.1`,
            "Host: 127.0.0.1",
            `Authorization: ${admin.authorization}`,
            "Content-Type: multipart/form-data; boundary=x",
            `Content-Length: ${10 * 1024 ** 3}`,
            "",
            "--x\r\n",
          ].join("\r\n"),
        },
      ],
      10_000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain(messages.server.bodyTooLarge);
  });

  it("answers an empty Host header 400, over a real socket", async () => {
    const { answer } = await exchange(
      port,
      [{ write: "GET /api/properties/buildings HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n" }],
      10_000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain(messages.server.badHost);
  });

  it("still takes a body that arrives in time", async () => {
    const body = JSON.stringify({ name: "x" });
    const { answer } = await exchange(
      port,
      [
        {
          write: [
            `POST ${urlOf(inquiriesApi.send)} HTTP/1.1`,
            "Host: 127.0.0.1",
            "Content-Type: application/json",
            `Content-Length: ${body.length}`,
            "Connection: close",
            "",
            body,
          ].join("\r\n"),
        },
      ],
      10_000,
    );
    // Read whole and validated: the fields it lacks are named.
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain("validation_failed");
  });
});

describe("the Host header", () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await createTestApp(database));
  });

  afterAll(async () => {
    await close();
  });

  it.each(["[::1", "a b", "exa mple.com:80", "host/path", "[::1]:99999x"])(
    "answers 400 in the API's format to Host %j",
    async (host) => {
      const response = await app.inject({
        method: "GET",
        url: urlOf(listingsApi.listBuildings),
        headers: { host },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: "bad_request", message: messages.server.badHost });
    },
  );

  it.each([
    "localhost",
    "localhost:3000",
    "127.0.0.1:80",
    "[::1]",
    "[::1]:8080",
    "rentals.example",
  ])("serves Host %j", async (host) => {
    const response = await app.inject({
      method: "GET",
      url: urlOf(listingsApi.listBuildings),
      headers: { host },
    });
    expect(response.statusCode).toBe(200);
  });
});
