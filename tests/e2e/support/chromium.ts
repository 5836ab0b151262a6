import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/**
 * The browser for the browser tests: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else a
 * browser Playwright installed itself. None found is a failure with one line, never a skip.
 */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", safePlaywrightPath()];
  const found = candidates.find((p): p is string => Boolean(p) && existsSync(p as string));
  if (!found) {
    throw new Error(
      "No Chromium for the browser tests: install one (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.",
    );
  }
  return found;
}

function safePlaywrightPath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
