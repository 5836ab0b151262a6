import { setTimeout as sleep } from "node:timers/promises";

/**
 * For failure drills: steady traffic against a listening app over real sockets, every request
 * timed and kept, so a drill can say what each one got before, during and after an outage.
 */

/** A request no answer may take longer than: past this it counts as a hang. */
export const HANG_MS = 10_000;

export type TrafficKind = {
  name: string;
  /** A fresh request each time (a body may be sent only once). */
  request: () => { path: string; init?: RequestInit };
};

export type Sample = {
  kind: string;
  /** Date.now() when sent and when the whole answer was read. */
  sentAt: number;
  doneAt: number;
  ms: number;
  /** 0 when there was no answer (connection refused or reset, or no answer within HANG_MS). */
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  body: string;
  error?: string;
};

export type Traffic = {
  samples: Sample[];
  /** Lets the requests in flight finish, then returns every sample. */
  stop(): Promise<Sample[]>;
};

/** `workers` loops, each sending the kinds in turn with `pauseMs` between requests. */
export function steadyTraffic(
  baseUrl: string,
  kinds: TrafficKind[],
  { workers = 4, pauseMs = 40 }: { workers?: number; pauseMs?: number } = {},
): Traffic {
  const samples: Sample[] = [];
  let running = true;
  let turn = 0;

  async function once(kind: TrafficKind) {
    const { path, init } = kind.request();
    const sentAt = Date.now();
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(HANG_MS),
      });
      const body = await response.text();
      const doneAt = Date.now();
      samples.push({
        kind: kind.name,
        sentAt,
        doneAt,
        ms: doneAt - sentAt,
        status: response.status,
        retryAfter: response.headers.get("retry-after"),
        contentType: response.headers.get("content-type"),
        body,
      });
    } catch (error) {
      const doneAt = Date.now();
      samples.push({
        kind: kind.name,
        sentAt,
        doneAt,
        ms: doneAt - sentAt,
        status: 0,
        retryAfter: null,
        contentType: null,
        body: "",
        error: String((error as Error).cause ?? error),
      });
    }
  }

  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      await once(kinds[turn++ % kinds.length]!);
      await sleep(pauseMs);
    }
  });

  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(loops);
      return samples;
    },
  };
}

/** Counts of statuses per kind, for a drill's log line and failure messages. */
export function summarize(samples: Sample[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const sample of samples) {
    const byStatus = out[sample.kind] ?? {};
    byStatus[sample.status] = (byStatus[sample.status] ?? 0) + 1;
    out[sample.kind] = byStatus;
  }
  return out;
}

/** The body as the API's error format, or null when it is not exactly {error, message}. */
export function apiError(sample: Sample): { error: string; message: string } | null {
  try {
    const parsed = JSON.parse(sample.body) as Record<string, unknown>;
    const keys = Object.keys(parsed).sort().join(",");
    if (keys !== "error,message") return null;
    if (typeof parsed.error !== "string" || typeof parsed.message !== "string") return null;
    return { error: parsed.error, message: parsed.message };
  } catch {
    return null;
  }
}
