import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("uses the documented defaults when nothing is set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://localhost:3000",
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      seedDemo: "auto",
      logLevel: "info",
      admin: undefined,
    });
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it("derives PUBLIC_URL from PORT and drops a trailing slash from an explicit one", () => {
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ PUBLIC_URL: "https://rent.example.com/" }).publicUrl).toBe(
      "https://rent.example.com",
    );
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid configuration: PORT="abc" must be a port number.'],
    [{ PORT: "70000" }, 'Invalid configuration: PORT="70000" must be between 0 and 65535.'],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL="mysql:\/\/x" must start with postgres:\/\//],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL="loud"/],
    [{ JWT_SECRET: "short" }, /JWT_SECRET="short" must be at least 32 characters/],
    [
      { ADMIN_EMAIL: "a@b.co" },
      "Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together.",
    ],
  ])("refuses %j with one line naming the variable", (env, message) => {
    const attempt = () => loadConfig(env);
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
    try {
      attempt();
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it.each([
    [undefined, false],
    ["false", false],
    ["true", true],
    ["10.0.0.0/8, 127.0.0.1", "10.0.0.0/8,127.0.0.1"],
  ])("reads TRUST_PROXY=%j as %j", (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(
      expected,
    );
  });

  it("reads a TRUST_PROXY count as that many trusted hops", () => {
    const trust = loadConfig({ TRUST_PROXY: "2" }).trustProxy;
    if (typeof trust !== "function") throw new Error("expected a hop function");
    expect([0, 1, 2].map((hop) => trust("10.0.0.1", hop))).toEqual([true, true, false]);
  });

  it("refuses a TRUST_PROXY that is neither a switch, a count nor addresses", () => {
    expect(() => loadConfig({ TRUST_PROXY: "yes please" })).toThrow(
      'Invalid configuration: TRUST_PROXY="yes please" must be true, false, a number of proxies, or a list of proxy addresses.',
    );
  });

  it("reads the S3 storage settings", () => {
    expect(
      loadConfig({
        STORAGE: "s3",
        S3_BUCKET: "rentals-files",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
      }).storage,
    ).toEqual({
      driver: "s3",
      s3: {
        endpoint: "http://127.0.0.1:9000",
        bucket: "rentals-files",
        region: "us-east-1",
        credentials: { accessKeyId: "key", secretAccessKey: "secret" },
        forcePathStyle: true,
      },
    });
    expect(loadConfig({}).storage).toEqual({ driver: "fs" });
  });

  it.each([
    [{ STORAGE: "s3" }, "Invalid configuration: STORAGE=s3 needs S3_BUCKET."],
    [{ STORAGE: "gcs" }, 'Invalid configuration: STORAGE="gcs" must be fs or s3.'],
    [
      { STORAGE: "s3", S3_BUCKET: "b-1", S3_ACCESS_KEY_ID: "k" },
      "Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.",
    ],
    [
      { REDIS_URL: "localhost:6379" },
      'Invalid configuration: REDIS_URL="localhost:6379" must start with redis:// or rediss://.',
    ],
  ])("refuses %j", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("keeps an administrator only when both e-mail and password are given", () => {
    const config = loadConfig({ ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "long enough" });
    expect(config.admin).toEqual({ email: "boss@example.com", password: "long enough" });
  });
});
