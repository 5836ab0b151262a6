import { execFile, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { projectRoot } from "../tests/support/app-process";
import { budgets, type Check } from "./budgets";
import { makeLocalhostCertificate, PortsUnavailable, startTlsProxy } from "./tls-proxy";

/**
 * The MDN HTTP Observatory grade of the app as production serves it: behind a TLS-terminating
 * proxy (bench/tls-proxy.ts) on https://localhost:443, with http://localhost:80 redirecting to
 * it. The scanner cannot be a dependency of the project (one of its dependencies downloads
 * certificate bundles in a postinstall script, so an offline `npm ci` would fail): it is
 * installed on demand into bench/.tools/observatory (git-ignored) with scripts off, and the two
 * files its postinstall would have downloaded are written here instead.
 */
export const OBSERVATORY_VERSION = "1.4.8";
const toolsDir = path.join(projectRoot, "bench/.tools/observatory");
const packageDir = path.join(toolsDir, "node_modules/@mdn/mdn-http-observatory");

export type ObservatoryTest = {
  /** The test's name, e.g. content-security-policy. */
  name: string;
  /** The result id the scanner gave, e.g. csp-implemented-with-no-unsafe. */
  result: string;
  /** The result the scanner hoped for. */
  expectation: string;
  pass: boolean;
  scoreModifier: number;
  /** The scanner's own explanation of the result (HTML tags removed). */
  description: string;
};

export type ObservatoryResult =
  | { skipped: string }
  | {
      scanner: string;
      host: string;
      grade: string;
      score: number;
      testsPassed: number;
      testsQuantity: number;
      /** Every test, passed or not; an untrusted certificate would show as hsts-invalid-cert. */
      tests: ObservatoryTest[];
      /** Headers of the page the scanner graded (the HTTPS home page). */
      responseHeaders: Record<string, string>;
    };

/** Installs the scanner into bench/.tools unless this version is already there. */
export async function ensureObservatory(): Promise<string> {
  const manifest = path.join(packageDir, "package.json");
  const installed = existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version
    : undefined;
  if (installed !== OBSERVATORY_VERSION || !existsSync(path.join(packageDir, "src/scan.js"))) {
    console.log(
      `bench: installing @mdn/mdn-http-observatory@${OBSERVATORY_VERSION} into bench/.tools/observatory...`,
    );
    await mkdir(toolsDir, { recursive: true });
    // A package.json of its own: npm would otherwise climb to the project's and install there.
    await writeFile(
      path.join(toolsDir, "package.json"),
      `${JSON.stringify({ name: "bench-observatory", private: true }, null, 2)}\n`,
    );
    await promisify(execFile)(
      "npm",
      [
        "install",
        "--no-save",
        "--ignore-scripts",
        "--no-audit",
        "--no-fund",
        "--prefix",
        toolsDir,
        `@mdn/mdn-http-observatory@${OBSERVATORY_VERSION}`,
      ],
      { cwd: toolsDir, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: Error & { stderr?: string }) => {
      throw new Error(
        `could not install @mdn/mdn-http-observatory@${OBSERVATORY_VERSION} (network needed once): ${(error.stderr || error.message).trim().split("\n").slice(-5).join(" ")}`,
      );
    });
  }
  // What the skipped postinstall downloads. The HSTS preload list: localhost is on no such list,
  // so an empty map gives the scanner the true answer. The IANA TLD list (an array of lower-case
  // TLDs) is read only by the scanner's HTTP API to validate host names, never by a CLI scan.
  const conf = path.join(packageDir, "conf");
  await mkdir(conf, { recursive: true });
  if (!existsSync(path.join(conf, "hsts-preload.json"))) {
    await writeFile(path.join(conf, "hsts-preload.json"), "{}\n");
  }
  if (!existsSync(path.join(conf, "tld-list.json"))) {
    await writeFile(path.join(conf, "tld-list.json"), "[]\n");
  }
  return packageDir;
}

type ScanOutput = {
  error?: string;
  scan?: {
    grade: string;
    score: number;
    testsPassed: number;
    testsQuantity: number;
    responseHeaders: Record<string, string>;
  };
  tests?: Record<
    string,
    { expectation: string; pass: boolean | null; result: string; scoreModifier: number }
  >;
};

/** Runs `node <pkg>/src/scan.js <host>` and returns its JSON (stdout). */
async function runScan(pkg: string, host: string, caPath: string): Promise<ScanOutput> {
  const child = spawn(process.execPath, [path.join(pkg, "src/scan.js"), host], {
    cwd: pkg,
    // The proxy's self-signed certificate is trusted the way a real CA would be, so the scanner
    // grades a valid HTTPS site (an untrusted one fails the HSTS test).
    env: { ...process.env, NODE_EXTRA_CA_CERTS: caPath },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  let output: ScanOutput;
  try {
    output = JSON.parse(stdout) as ScanOutput;
  } catch {
    throw new Error(
      `the scanner exited with ${code} without a JSON answer: ${(stderr || stdout).trim().slice(0, 500)}`,
    );
  }
  if (output.error || !output.scan || !output.tests) {
    throw new Error(`the scanner could not scan ${host}: ${output.error ?? "no result"}`);
  }
  return output;
}

/** The scanner's explanation of each result id, from its own score table. */
async function describe(pkg: string, results: string[]): Promise<Record<string, string>> {
  const grader = path.join(pkg, "src/grader/grader.js");
  const script = `
    const { getScoreDescription } = await import(${JSON.stringify(`file://${grader}`)});
    const ids = JSON.parse(process.argv[1]);
    console.log(JSON.stringify(Object.fromEntries(ids.map((id) => [id, getScoreDescription(id)]))));
  `;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [
      "--input-type=module",
      "-e",
      script,
      JSON.stringify(results),
    ]);
    const raw = JSON.parse(stdout) as Record<string, string>;
    return Object.fromEntries(
      Object.entries(raw).map(([id, text]) => [
        id,
        text
          .replace(/<[^>]+>/g, "")
          .replace(/\s+/g, " ")
          .trim(),
      ]),
    );
  } catch {
    return {}; // Descriptions are a help for the reader; the grade stands without them.
  }
}

/**
 * Starts the proxy in front of `appPort` (the app started with PUBLIC_URL=https://localhost and
 * TRUST_PROXY=true), scans localhost, and stops the proxy. Skipped when 80/443 cannot be bound.
 */
export async function measureObservatory(input: { appPort: number }): Promise<ObservatoryResult> {
  const pkg = await ensureObservatory();
  const certDir = await mkdtemp(path.join(os.tmpdir(), "bench-tls-"));
  try {
    const { cert, key, certPath } = await makeLocalhostCertificate(certDir);
    let proxy: Awaited<ReturnType<typeof startTlsProxy>>;
    try {
      proxy = await startTlsProxy({
        target: { host: "127.0.0.1", port: input.appPort },
        cert,
        key,
      });
    } catch (error) {
      if (error instanceof PortsUnavailable) {
        const reason = `the scanner only reaches ports 80 and 443, and ${error.message}.`;
        console.warn(`bench: observatory skipped: ${reason}`);
        return { skipped: reason };
      }
      throw error;
    }
    try {
      const host = "localhost";
      const output = await runScan(pkg, host, certPath);
      const scan = output.scan!;
      const entries = Object.entries(output.tests!);
      const descriptions = await describe(
        pkg,
        entries.map(([, t]) => t.result),
      );
      return {
        scanner: `@mdn/mdn-http-observatory ${OBSERVATORY_VERSION}`,
        host,
        grade: scan.grade,
        score: scan.score,
        testsPassed: scan.testsPassed,
        testsQuantity: scan.testsQuantity,
        tests: entries.map(([name, t]) => ({
          name,
          result: t.result,
          expectation: t.expectation,
          pass: t.pass === true,
          scoreModifier: t.scoreModifier,
          description: descriptions[t.result] ?? "",
        })),
        responseHeaders: scan.responseHeaders,
      };
    } finally {
      await proxy.close();
    }
  } finally {
    await rm(certDir, { recursive: true, force: true });
  }
}

export function observatoryChecks(result: ObservatoryResult): Check[] {
  if ("skipped" in result) return [];
  const failing = result.tests.filter((t) => !t.pass);
  return [
    {
      section: "observatory",
      measure: "MDN HTTP Observatory grade, https://localhost behind a TLS proxy",
      measured: `${result.grade} (score ${result.score}; ${result.testsPassed}/${result.testsQuantity} tests passed${failing.length ? `; failing: ${failing.map((t) => t.result).join(", ")}` : ""})`,
      budget: budgets.observatory.grade,
      pass: result.grade === budgets.observatory.grade,
    },
  ];
}
