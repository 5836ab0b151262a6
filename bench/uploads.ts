import sharp from "sharp";
import { UPLOAD_MAX_BYTES } from "../src/domain/constants";
import { budgets, type Check } from "./budgets";
import { benchAdmin, getJson, median, sampleRss } from "./server";

/**
 * Uploads: a 4000x3000 JPEG of about 10 MB (just under the 10 MiB limit) through
 * POST /api/upload to its stored variants. Three one after the other (each timed, the median
 * compared with the budget), then five at once (all must answer 201), while the server's RSS is
 * sampled every 100 ms.
 */
export type UploadsResult = {
  image: { width: number; height: number; bytes: number; jpegQuality: number };
  sequentialMs: number[];
  sequentialMedianMs: number;
  concurrent: { count: number; statuses: number[]; wallMs: number; maxMs: number };
  peakRssMb: number;
};

const WIDTH = 4000;
const HEIGHT = 3000;
const TARGET_MIN_BYTES = 9_500_000;

/**
 * A photo-sized JPEG that does not compress away: gradients with deterministic noise (the same
 * image every run). The quality is the highest whose file stays within the upload limit.
 */
export async function makeTestJpeg(): Promise<{ bytes: Buffer; quality: number }> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 0x9e3779b9;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const noise = seed & 0xff;
      const i = (y * WIDTH + x) * 3;
      raw[i] = ((x * 255) / WIDTH + noise) / 2;
      raw[i + 1] = ((y * 255) / HEIGHT + ((noise * 7) & 0xff)) / 2;
      raw[i + 2] = (((x + y) & 0xff) + ((noise * 13) & 0xff)) / 2;
    }
  }
  const encode = (quality: number) =>
    sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
  let low = 50;
  let high = 100;
  let best: { bytes: Buffer; quality: number } | undefined;
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const bytes = await encode(quality);
    if (bytes.length <= UPLOAD_MAX_BYTES) {
      best = { bytes, quality };
      low = quality + 1;
    } else {
      high = quality - 1;
    }
  }
  if (!best) throw new Error("Could not make a test JPEG within the upload limit.");
  if (best.bytes.length < TARGET_MIN_BYTES) {
    console.warn(`bench: the test JPEG is only ${best.bytes.length} bytes (aimed at ~10 MB).`);
  }
  return best;
}

/** The bench administrator's session token. */
export async function signIn(baseUrl: string): Promise<string> {
  const { token } = await getJson<{ token: string }>(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: benchAdmin.email, password: benchAdmin.password }),
  });
  return token;
}

/** A building to upload photos to. */
export async function createProperty(
  baseUrl: string,
  token: string,
  title = "Benchmark House",
): Promise<number> {
  const property = await getJson<{ id: number }>(`${baseUrl}/api/admin/properties`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      title,
      type: "apartment",
      address: "1 Benchmark Way",
      city: "Hartford",
      state: "CT",
      zipCode: "06103",
    }),
  });
  return property.id;
}

async function upload(
  baseUrl: string,
  token: string,
  propertyId: number,
  jpeg: Buffer,
  name: string,
): Promise<{ status: number; ms: number }> {
  const form = new FormData();
  form.append("propertyId", String(propertyId));
  form.append("files", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), name);
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  const ms = Math.round(performance.now() - started);
  if (response.status !== 201) {
    console.error(`bench: upload ${name} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return { status: response.status, ms };
}

export async function measureUploads(input: {
  baseUrl: string;
  pid: number;
}): Promise<UploadsResult> {
  const { baseUrl } = input;
  const { bytes: jpeg, quality } = await makeTestJpeg();
  const token = await signIn(baseUrl);
  const propertyId = await createProperty(baseUrl, token);

  const memory = sampleRss(input.pid, 100);
  try {
    const sequentialMs: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const result = await upload(baseUrl, token, propertyId, jpeg, `bench-${i}.jpg`);
      if (result.status !== 201) throw new Error(`upload ${i} answered ${result.status}`);
      sequentialMs.push(result.ms);
    }
    const count = budgets.upload.concurrent;
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        upload(baseUrl, token, propertyId, jpeg, `bench-at-once-${i + 1}.jpg`),
      ),
    );
    const wallMs = Math.round(performance.now() - started);
    return {
      image: { width: WIDTH, height: HEIGHT, bytes: jpeg.length, jpegQuality: quality },
      sequentialMs,
      sequentialMedianMs: Math.round(median(sequentialMs)),
      concurrent: {
        count,
        statuses: results.map((r) => r.status),
        wallMs,
        maxMs: Math.max(...results.map((r) => r.ms)),
      },
      peakRssMb: memory.stop(),
    };
  } finally {
    memory.stop();
  }
}

export function uploadChecks(result: UploadsResult): Check[] {
  const b = budgets.upload;
  const ok = result.concurrent.statuses.filter((s) => s === 201).length;
  return [
    {
      section: "uploads",
      measure: "10 MB JPEG to variants, one at a time (median of 3)",
      measured: `${result.sequentialMedianMs} ms`,
      budget: `<= ${b.maxEachMs} ms`,
      pass: result.sequentialMedianMs <= b.maxEachMs,
    },
    {
      section: "uploads",
      measure: `${result.concurrent.count} at once, answered 201`,
      measured: `${ok} of ${result.concurrent.count}`,
      budget: `${b.concurrent} of ${b.concurrent}`,
      pass: ok === b.concurrent,
    },
    {
      section: "uploads",
      measure: "server peak RSS during the uploads",
      measured: `${result.peakRssMb} MB`,
      budget: `<= ${b.maxPeakRssMb} MB`,
      pass: result.peakRssMb <= b.maxPeakRssMb,
    },
  ];
}
