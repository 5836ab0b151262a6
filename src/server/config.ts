import path from "node:path";
import { z } from "zod";

/**
 * The only reader of process.env. Every setting is validated once at start; a bad value stops the
 * start with one line that names the variable (see ConfigError).
 */
const booleanish = z.enum(["true", "false", "auto"]);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  PUBLIC_URL: z.url({ error: "must be an absolute URL such as https://example.com" }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ADMIN_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  SEED_DEMO: booleanish.default("auto"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  MAIL_RETRY_LIMIT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(20, "must be at most 20")
    .default(8),
  MAIL_RETRY_DELAY_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(30),
  DRAIN_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .min(0, "must be 0 or more")
    .max(120, "must be at most 120")
    .optional(),
  BODY_TIMEOUT_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .min(1, "must be at least 1")
    .max(600, "must be at most 600")
    .default(30),
  HEADERS_TIMEOUT_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .min(1, "must be at least 1")
    .max(120, "must be at most 120")
    .default(10),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(600),
  PHOTO_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(3000),
  INQUIRIES_PER_MINUTE: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(5),
  AUTH_ATTEMPTS_PER_MINUTE: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      "must be true, false, a number of proxies, or a list of proxy addresses",
    )
    .default("false"),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  STORAGE: z.enum(["fs", "s3"], { error: "must be fs or s3" }).default("fs"),
  S3_ENDPOINT: z
    .url({ error: "must be an absolute URL such as https://s3.amazonaws.com" })
    .optional(),
  S3_BUCKET: z.string().min(3, "must be a bucket name").optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"], { error: "must be true or false" })
    .default("false"),
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .regex(/^[!-~]+$/, "must be printable ASCII without spaces")
    .optional(),
  BENCH_BASELINE: z.enum(["true", "false"]).default("false"),
  MFA_REQUIRED: z.enum(["true", "false"], { error: "must be true or false" }).default("false"),
  APPLY_NOW: z
    .enum(["external", "online"], { error: "must be external or online" })
    .default("external"),
});

/**
 * Fastify's `trustProxy`: whom to believe about the client's address and protocol
 * (X-Forwarded-For, X-Forwarded-Proto). Off by default: a server reached directly must not let a
 * client pick the address its rate limits are counted under.
 */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

function parseTrustProxy(value: string): TrustProxy {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) {
    // N proxies in front: believe the last N hops of X-Forwarded-For, as proxy-addr does.
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.replace(/\s+/g, "");
}

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  admin: { email: string; password: string } | undefined;
  seedDemo: "true" | "false" | "auto";
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /**
   * E-mail is queued and delivered by a worker: a failed try is retried this many times, the
   * first after about `mailRetryDelaySeconds`, each later one after about twice the one before.
   */
  mailRetryLimit: number;
  mailRetryDelaySeconds: number;
  /**
   * On SIGTERM: how long the instance keeps serving while it reports not ready and asks every
   * client to close its connection, before it stops listening. 5 s; none in development.
   */
  drainSeconds: number;
  /**
   * How long a request's body may take to arrive: 30 s. An upload gets, on top, a second per
   * 64 KB it declares (a 20 MB document from a slow phone: 30 s + 320 s).
   */
  bodyTimeoutSeconds: number;
  /** How long a request's headers may take to arrive: 10 s. */
  headersTimeoutSeconds: number;
  /**
   * Requests per minute per client address across the whole app: pages, API calls, refusals,
   * unknown paths (health checks, metrics scrapes, the photos and the built files excepted).
   */
  rateLimitPerMinute: number;
  /** Photos (`/uploads/*`) per minute per client address: their own budget. */
  photoRateLimitPerMinute: number;
  /** Contact and tour requests per minute per client address. */
  inquiriesPerMinute: number;
  /** Sign-in, code and reset attempts per minute per client address. */
  authAttemptsPerMinute: number;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /** Behind a load balancer or reverse proxy: see TrustProxy. */
  trustProxy: TrustProxy;
  /** Shared rate-limit counters and cache invalidation for several instances; none: in memory. */
  redisUrl: string | undefined;
  /** Where photos and tenant files live: DATA_DIR (`fs`) or an S3-compatible bucket. */
  storage: { driver: "fs" } | { driver: "s3"; s3: S3Settings };
  /** npm run bench only: serve GET /api/bench/baseline, a constant JSON, in this process. */
  benchBaseline: boolean;
  /** MFA_REQUIRED: administrators must add a second sign-in step before using the back office. */
  mfaRequired: boolean;
  /**
   * APPLY_NOW: where the site's Apply Now buttons go. `external` (the default): the agency's
   * external application page, in a new tab. `online`: the product's own application, a unit's
   * Apply Now asking for a name and an address and e-mailing the link to apply.
   */
  applyNow: "external" | "online";
  /** Set: GET /metrics (Prometheus) answers a request bearing it; unset: no /metrics at all. */
  metricsToken?: string;
};

export type S3Settings = {
  /** Unset: AWS S3 itself. Set: MinIO, Cloudflare R2 or any S3-compatible server. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's own chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Empty strings count as unset, as a shell user writing `PORT= npm start` would expect. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    const value = env[name];
    throw new ConfigError(
      `Invalid configuration: ${name}=${JSON.stringify(value)} ${issue.message}.`,
    );
  }
  const e = parsed.data;
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError(
      "Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together.",
    );
  }
  if (e.STORAGE === "s3" && !e.S3_BUCKET) {
    throw new ConfigError("Invalid configuration: STORAGE=s3 needs S3_BUCKET.");
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.",
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    seedDemo: e.SEED_DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRetryLimit: e.MAIL_RETRY_LIMIT,
    mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    drainSeconds: e.DRAIN_SECONDS ?? (e.NODE_ENV === "development" ? 0 : 5),
    bodyTimeoutSeconds: e.BODY_TIMEOUT_SECONDS,
    headersTimeoutSeconds: e.HEADERS_TIMEOUT_SECONDS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    photoRateLimitPerMinute: e.PHOTO_RATE_LIMIT_PER_MINUTE,
    inquiriesPerMinute: e.INQUIRIES_PER_MINUTE,
    authAttemptsPerMinute: e.AUTH_ATTEMPTS_PER_MINUTE,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    storage:
      e.STORAGE === "s3"
        ? {
            driver: "s3",
            s3: {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET!,
              region: e.S3_REGION,
              credentials:
                e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                  ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                  : undefined,
              forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
            },
          }
        : { driver: "fs" },
    benchBaseline: e.BENCH_BASELINE === "true",
    mfaRequired: e.MFA_REQUIRED === "true",
    applyNow: e.APPLY_NOW,
    ...(e.METRICS_TOKEN ? { metricsToken: e.METRICS_TOKEN } : {}),
  };
}
