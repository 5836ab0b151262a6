import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { type RunningApp, startBuiltApp, stopApp } from "../tests/support/app-process";
import { benchEnv } from "./server";

/**
 * What production runs in front of the app: a TLS-terminating proxy on 443 that forwards to the
 * app over loopback with X-Forwarded-Proto and X-Forwarded-For, and a plain-HTTP listener on 80
 * that answers every request with a 301 to the same path over HTTPS, as a load balancer does.
 * The MDN HTTP Observatory scans http://HOST:80 and https://HOST:443 and nothing else, hence
 * the fixed ports.
 */

/** Ports 80/443 could not be bound (not root, or taken): the step is skipped, not failed. */
export class PortsUnavailable extends Error {
  override name = "PortsUnavailable";
}

/** A self-signed certificate for `localhost` (valid one day), made with the openssl CLI. */
export async function makeLocalhostCertificate(
  dir: string,
): Promise<{ certPath: string; keyPath: string; cert: Buffer; key: Buffer }> {
  const certPath = path.join(dir, "localhost.crt");
  const keyPath = path.join(dir, "localhost.key");
  await promisify(execFile)("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-subj",
    "/CN=localhost",
    "-addext",
    "subjectAltName=DNS:localhost",
    "-days",
    "1",
    "-keyout",
    keyPath,
    "-out",
    certPath,
  ]).catch((error: NodeJS.ErrnoException & { stderr?: string }) => {
    throw new Error(
      error.code === "ENOENT"
        ? "openssl is not installed (Debian: apt-get install openssl)."
        : `openssl could not make a certificate: ${error.stderr ?? error.message}`,
    );
  });
  return { certPath, keyPath, cert: await readFile(certPath), key: await readFile(keyPath) };
}

/** The headers a hop-by-hop proxy must not pass on (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

function forward(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  target: { host: string; port: number },
  agent: http.Agent,
): void {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
  }
  // Appended, as a load balancer does: the app (TRUST_PROXY) reads the client from the right.
  const client = request.socket.remoteAddress ?? "";
  const prior = request.headers["x-forwarded-for"];
  headers["x-forwarded-for"] = prior ? `${prior}, ${client}` : client;
  headers["x-forwarded-proto"] = "https";
  const upstream = http.request(
    {
      host: target.host,
      port: target.port,
      method: request.method,
      path: request.url,
      headers,
      agent,
    },
    (answer) => {
      const out: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
      }
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
      answer.pipe(response);
    },
  );
  upstream.on("error", (error) => {
    if (!response.headersSent) {
      response.writeHead(502, { "content-type": "text/plain" });
      response.end(`Bad gateway: ${error.message}\n`);
    } else {
      response.destroy(error);
    }
  });
  request.pipe(upstream);
}

/** The hostname of a Host header, without its port (IPv6 brackets kept). */
function hostnameOf(host: string | undefined): string {
  if (!host) return "localhost";
  return host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0]!;
}

async function listen(server: http.Server, port: number, host: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => reject(error);
    server.once("error", failed);
    server.listen(port, host, () => {
      server.off("error", failed);
      resolve();
    });
  });
}

async function close(server: http.Server): Promise<void> {
  if (!server.listening) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export type TlsProxy = { httpsPort: number; httpPort: number; close: () => Promise<void> };

/**
 * Listens on 127.0.0.1 (and on ::1 where the machine has it, since `localhost` may resolve to
 * either) at `httpsPort` (TLS, forwarding to `target`) and `httpPort` (301 to HTTPS).
 * Throws PortsUnavailable when a port cannot be bound.
 */
export async function startTlsProxy(input: {
  target: { host: string; port: number };
  cert: Buffer;
  key: Buffer;
  httpsPort?: number;
  httpPort?: number;
}): Promise<TlsProxy> {
  const { httpsPort = 443, httpPort = 80 } = input;
  const agent = new http.Agent({ keepAlive: true });
  const servers: http.Server[] = [];
  const makeTls = () =>
    https.createServer({ cert: input.cert, key: input.key }, (request, response) =>
      forward(request, response, input.target, agent),
    );
  const makeRedirect = () =>
    http.createServer((request, response) => {
      response.writeHead(301, {
        location: `https://${hostnameOf(request.headers.host)}${httpsPort === 443 ? "" : `:${httpsPort}`}${request.url ?? "/"}`,
        "content-length": "0",
      });
      response.end();
    });
  const closeAll = async () => {
    await Promise.all(servers.map(close));
    agent.destroy();
  };
  try {
    for (const [make, port] of [
      [makeTls, httpsPort],
      [makeRedirect, httpPort],
    ] as const) {
      const server = make();
      servers.push(server);
      await listen(server, port, "127.0.0.1").catch((error: NodeJS.ErrnoException) => {
        throw error.code === "EACCES" || error.code === "EADDRINUSE"
          ? new PortsUnavailable(
              `port ${port} on 127.0.0.1 cannot be bound (${error.code}${error.code === "EACCES" ? ": ports under 1024 need root or CAP_NET_BIND_SERVICE" : ": something else listens there"})`,
            )
          : error;
      });
      const v6 = make();
      try {
        await listen(v6, (server.address() as AddressInfo).port, "::1");
        servers.push(v6);
      } catch {
        // No IPv6 loopback here (or ::1 taken): 127.0.0.1 alone serves `localhost`.
      }
    }
  } catch (error) {
    await closeAll();
    throw error;
  }
  return {
    httpsPort: (servers[0]!.address() as AddressInfo).port,
    httpPort: (servers.find((s) => !(s instanceof https.Server))!.address() as AddressInfo).port,
    close: closeAll,
  };
}

/**
 * The app as it runs behind that proxy: PUBLIC_URL https (so it sends HSTS) and TRUST_PROXY=true
 * (so it believes X-Forwarded-Proto/-For), with the bench's other settings. The settings of the
 * shell that would send it elsewhere are blanked (the app treats an empty value as unset).
 */
const behindProxy = new Set<RunningApp>();

export async function startBehindProxy(dataDir: string): Promise<RunningApp> {
  const app = await startBuiltApp(
    {
      HOST: "",
      DATABASE_URL: "",
      JWT_SECRET: "",
      SEED_DEMO: "",
      SMTP_URL: "",
      MAIL_FROM: "",
      INQUIRIES_PER_MINUTE: "",
      ...benchEnv(dataDir),
      PUBLIC_URL: "https://localhost",
      TRUST_PROXY: "true",
    },
    120_000,
  );
  behindProxy.add(app);
  return app;
}

/** SIGTERM and wait (the server stops its database first); SIGKILL after `timeoutMs`. */
export async function stopBehindProxy(app: RunningApp, timeoutMs = 30_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    stopApp(app),
    new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  if (outcome === "timeout") {
    app.process.kill("SIGKILL");
    console.error(`bench: the server (pid ${app.process.pid}) did not stop; killed.`);
  }
  behindProxy.delete(app);
}

/** For the bench's clean-up on a failure or a signal. */
export async function stopAllBehindProxy(): Promise<void> {
  await Promise.all([...behindProxy].map((app) => stopBehindProxy(app, 10_000)));
}
