import { createTransport } from "nodemailer";
import { site } from "#domain/site";
import { writeOutboxMessage } from "./outbox";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /**
   * Extra header fields (`List-Unsubscribe`, `List-Unsubscribe-Post`). Names and values are the
   * product's own, never a visitor's text: a line break in either is refused.
   */
  headers?: Record<string, string>;
  /** Files sent with the message, as text (a calendar invitation's `.ics`). */
  attachments?: MailAttachment[];
};

/** A file sent with a message: its name, its type (with parameters) and its text. */
export type MailAttachment = { filename: string; contentType: string; content: string };

/** Header fields as given, after checking that none could smuggle in another header. */
export function checkedHeaders(
  headers: Record<string, string> | undefined,
): Record<string, string> {
  const checked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(name) || /[\r\n]/.test(value))
      throw new Error(`An e-mail header may not be ${JSON.stringify(name)}.`);
    checked[name] = value;
  }
  return checked;
}

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
};

/** `"Charter Oak Rentals" <leasing@charteroakrentals.com>`, from the site configuration. */
export function defaultFrom(): string {
  const name = site.name.replace(/["\\]/g, "\\$&");
  return `"${name}" <${site.email}>`;
}

/**
 * SMTP when a URL is given, else the outbox in `dataDir/outbox`: one JSON file per message, the
 * product's local mail, which tests read. Services receive a Mailer and never know which one it is.
 */
export function createMailer(options: {
  dataDir: string;
  smtpUrl?: string;
  from?: string;
}): Mailer {
  const from = options.from ?? defaultFrom();
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, from)
    : createOutboxMailer(options.dataDir, from);
}

function createOutboxMailer(dataDir: string, from: string): Mailer {
  return {
    async send(message) {
      await writeOutboxMessage(dataDir, {
        to: message.to,
        from,
        subject: message.subject,
        text: message.text,
        // The outbox's html field is always a string; "" says the message was text only.
        html: message.html ?? "",
        date: new Date().toISOString(),
        replyTo: message.replyTo,
        headers: checkedHeaders(message.headers),
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
      });
    },
    async close() {},
  };
}

/**
 * Nodemailer waits up to two minutes for a connection and ten for a reply by default; a request
 * that sends a code should fail sooner. The URL's query (`?connectionTimeout=2000`) still wins.
 */
const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const url = parseSmtpUrl(smtpUrl);
  const secrets = [url.password, safeDecode(url.password)].filter((s) => s.length > 0);
  const transport = createTransport({ ...smtpTimeouts, url: smtpUrl });
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          replyTo: message.replyTo,
          headers: checkedHeaders(message.headers),
          attachments: message.attachments?.map((file) => ({ ...file })),
        });
      } catch (error) {
        throw new MailDeliveryError(url.host, error, secrets);
      }
    },
    async close() {
      transport.close();
    },
  };
}

/** Names the server, never the credentials: the message ends up in logs. */
export class MailDeliveryError extends Error {
  override name = "MailDeliveryError";
  /** Nodemailer's code (ESOCKET, EAUTH, ETIMEDOUT, ...) when it gave one. */
  readonly code: string | undefined;

  constructor(host: string, cause: unknown, secrets: string[]) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const redacted = secrets.reduce((text, secret) => text.split(secret).join("***"), reason);
    super(`Could not send e-mail through the SMTP server ${host}: ${redacted}`);
    const code = (cause as { code?: unknown } | null)?.code;
    this.code = typeof code === "string" ? code : undefined;
    // No `cause`: nodemailer's error carries the SMTP conversation, which may hold credentials.
  }
}

function parseSmtpUrl(smtpUrl: string): URL {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error("The SMTP URL is not a valid URL (expected smtp:// or smtps://).");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new Error(`The SMTP URL must start with smtp:// or smtps://, not ${url.protocol}//.`);
  }
  return url;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
