import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";

/**
 * The product's local mail: without SMTP_URL every message is one JSON file in DATA_DIR/outbox/.
 * People and tests read it to follow a verification code or a reset link, so a file appears
 * whole or not at all (written beside, flushed, then renamed into place).
 */
export type OutboxMessage = {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** ISO 8601. */
  date: string;
  replyTo?: string;
  /** The message's extra header fields (`List-Unsubscribe`...); `{}` when it has none. */
  headers: Record<string, string>;
  /** Files sent with it (a calendar invitation), when it has any. */
  attachments?: { filename: string; contentType: string; content: string }[];
  /** Absolute path of the message's file. */
  file: string;
};

/** `<15-digit ms>-<6-digit sequence>-<random>.json`: lexical order is sending order. */
const messageFileName = /^\d{15}-\d{6}-[0-9a-f]{8}\.json$/;

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, "outbox");
}

let lastMs = 0;
let sequence = 0;

/**
 * Taken synchronously when a send starts, so concurrent sends keep their calling order. The time
 * never steps back within a process (a clock adjustment keeps the last value and counts on), and
 * the random part keeps two instances sharing one DATA_DIR from choosing the same name.
 */
function nextFileName(): string {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
  } else {
    sequence += 1;
  }
  const stamp = String(lastMs).padStart(15, "0");
  const seq = String(sequence).padStart(6, "0");
  return `${stamp}-${seq}-${randomBytes(4).toString("hex")}.json`;
}

export async function writeOutboxMessage(
  dataDir: string,
  message: Omit<OutboxMessage, "file">,
): Promise<string> {
  const name = nextFileName();
  const dir = outboxDir(dataDir);
  const file = path.join(dir, name);
  // Exactly the documented fields, in a stable order, whatever else the caller's object carries.
  const body: Omit<OutboxMessage, "file"> = {
    to: message.to,
    from: message.from,
    subject: message.subject,
    text: message.text,
    html: message.html,
    date: message.date,
    ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
    headers: message.headers,
    ...(message.attachments?.length ? { attachments: message.attachments } : {}),
  };

  // Messages carry sign-in codes and reset links: readable by the app's own user only.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // A dot-prefixed name without the .json ending: readers skip it even if a crash leaves it.
  const temp = path.join(dir, `.${name}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    const handle = await open(temp, "wx", 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(body, null, 2)}\n`, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
  return file;
}

/** Makes the rename itself durable. Some platforms cannot open a folder for fsync; skip there. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(dir, "r");
    await handle.sync();
  } catch {
    // Not fatal: the message is complete on disk; only its survival of a power cut is at stake.
  } finally {
    await handle?.close();
  }
}

/** Every message in sending order; [] when nothing was ever sent. Temporary files are skipped. */
export async function readOutbox(dataDir: string): Promise<OutboxMessage[]> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files = names.filter((name) => messageFileName.test(name)).sort();
  return Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      const message = JSON.parse(await readFile(file, "utf8")) as Omit<OutboxMessage, "file">;
      return { ...message, file };
    }),
  );
}
