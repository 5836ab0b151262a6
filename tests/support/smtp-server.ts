import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string; user?: string };

/**
 * A real SMTP server on a free loopback port, plain text, that keeps what it receives. While
 * `refusing`, it greets every connection with 421 (a server that is down for maintenance), so
 * a client's send fails as it would against an SMTP server that is out of service.
 */
export async function startSmtpServer(
  options: { auth?: { user: string; pass: string }; refusing?: boolean; port?: number } = {},
) {
  const { auth } = options;
  const received: ReceivedMail[] = [];
  const state = { refusing: options.refusing ?? false, refused: 0 };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !auth,
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, callback) {
      if (!state.refusing) return callback();
      state.refused += 1;
      const error = Object.assign(new Error("Service not available, try again later"), {
        responseCode: 421,
      });
      callback(error);
    },
    onAuth(credentials, _session, callback) {
      if (credentials.username === auth?.user && credentials.password === auth?.pass) {
        callback(null, { user: credentials.username });
      } else {
        callback(new Error("Invalid username or password"));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}?connectionTimeout=2000&greetingTimeout=2000&socketTimeout=2000`,
    received,
    /** How many connections were turned away while refusing. */
    refused: () => state.refused,
    refuse: () => {
      state.refusing = true;
    },
    accept: () => {
      state.refusing = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
