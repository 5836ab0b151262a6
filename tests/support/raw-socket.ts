import net from "node:net";

/**
 * Raw bytes over a socket to a server on 127.0.0.1:`port`, each step written after the one
 * before's wait: what came back, and whether the server ended the connection, once it closed
 * (or once `giveUpMs` passed). For what a client library would not send: a slow body, a
 * malformed Host, a declared length never delivered.
 */
export function exchange(
  port: number,
  steps: { write: string; waitMs?: number }[],
  giveUpMs: number,
): Promise<{ answer: string; closedByServer: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let closedByServer = false;
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("end", () => {
      closedByServer = true;
      socket.destroy();
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(giveUp);
      resolve({ answer, closedByServer });
    });
    socket.on("connect", async () => {
      for (const step of steps) {
        if (socket.destroyed) return;
        socket.write(step.write);
        if (step.waitMs) await new Promise((r) => setTimeout(r, step.waitMs));
      }
    });
  });
}
