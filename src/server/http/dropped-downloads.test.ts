import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { tenantPortalApi } from "#domain/api/tenant-portal";
import type { TenantFile } from "#domain/tenant-files";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { multipart, samples } from "../modules/tenant-files/tenant-files.test-helpers";

/**
 * A client that drops a download mid-stream (a phone losing its signal, a closed tab) ends the
 * reply quietly: no second reply attempted ("Reply was already sent"), no 500 logged, and the
 * server goes on answering.
 */
type Line = { level: number; msg: string; [key: string]: unknown };

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let base: string;
const lines: Line[] = [];

beforeAll(async () => {
  database = await createTestDb();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
  testApp = await createTestApp(database, { logger: { level: "info", stream } });
  await testApp.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  // The last whole download's client keeps its connection open (keep-alive): the close would
  // wait for it.
  testApp?.app.server.closeAllConnections();
  await testApp?.close();
  await database?.drop();
});

/** Reads the first chunk of `url`'s body, then drops the connection. */
function dropAfterFirstChunk(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, (response) => {
      response.once("data", () => {
        request.destroy();
        resolve(response.statusCode ?? 0);
      });
      response.once("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

describe("a download dropped mid-stream", () => {
  it("ends quietly: no second reply, no 500, and the next request is answered", async () => {
    const tenant = await loginAs(testApp.app, database.db, "tenant");
    // Large enough to be streamed in many chunks: the drop lands mid-body.
    const big = Buffer.concat([samples.pdf(), Buffer.from(`%${"x".repeat(8 * 1024 * 1024)}\n`)]);
    const form = multipart([{ name: "file", filename: "big.pdf", content: big }]);
    const uploaded = await call(testApp.app, tenantFilesApi.tenantUpload, {
      headers: { ...tenant.headers, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = (uploaded.json() as { files: TenantFile[] }).files[0]!;
    const link = await call(testApp.app, tenantPortalApi.documentLink, {
      headers: tenant.headers,
      params: { id: file.id },
    });
    const downloadUrl = `${base}${link.json().downloadUrl as string}`;

    for (let round = 0; round < 3; round++) {
      expect(await dropAfterFirstChunk(downloadUrl)).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const alreadySent = lines.filter((line) => /already sent/i.test(JSON.stringify(line)));
    expect(alreadySent).toEqual([]);
    const failures = lines.filter(
      (line) => line.level >= 50 || (line.res as { statusCode?: number })?.statusCode === 500,
    );
    expect(failures).toEqual([]);
    const whole = await fetch(downloadUrl, { headers: { connection: "close" } });
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(big.length);
  });
});
