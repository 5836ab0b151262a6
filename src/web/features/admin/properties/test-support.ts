import { vi } from "vitest";
import type { AdminImage, AdminProperty, AdminUnit } from "#domain/admin";

/**
 * Test helpers for the Properties tab: sample records, and the network boundary (fetch for JSON
 * calls, XMLHttpRequest for uploads) answered by the test. Imported by tests only.
 */

const stamp = "2026-03-01T12:00:00.000Z";

export function sampleImage(id: number, values: Partial<AdminImage> = {}): AdminImage {
  return {
    id,
    path: `properties/${id}/photo.webp`,
    filename: "photo.webp",
    alt: "",
    url: `/uploads/properties/${id}/1200.webp`,
    srcSet: `/uploads/properties/${id}/480.webp 480w, /uploads/properties/${id}/1200.webp 1200w`,
    width: 1200,
    height: 800,
    ...values,
  };
}

export function sampleUnit(id: number, values: Partial<AdminUnit> = {}): AdminUnit {
  return {
    id,
    propertyId: 1,
    unitNumber: String(100 + id),
    bedrooms: 2,
    bathrooms: 1,
    squareFeet: 850,
    rent: 1450,
    deposit: 1450,
    available: true,
    availableFrom: null,
    features: [],
    description: "",
    floorPlan: "",
    images: [],
    createdAt: stamp,
    updatedAt: stamp,
    ...values,
  };
}

export function sampleProperty(id: number, values: Partial<AdminProperty> = {}): AdminProperty {
  return {
    id,
    title: "Maple Court",
    type: "apartment",
    address: "12 Maple Street",
    city: "Hartford",
    state: "CT",
    zipCode: "06103",
    description: "A quiet brick building near the park.",
    yearBuilt: 1962,
    totalUnits: 8,
    amenities: ["Heating", "Elevator"],
    featured: false,
    active: true,
    hasVacancy: false,
    images: [],
    units: [],
    createdAt: stamp,
    updatedAt: stamp,
    ...values,
  };
}

export type Call = { method: string; url: string; body: unknown };
type Answer = { status: number; body?: unknown } | "network-error";

/** Stubs fetch: each call is recorded and answered by `answer` (default: 200 {}). */
export function stubFetch(
  answer: (call: Call) => Answer | Promise<Answer> = () => ({ status: 200 }),
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? "GET",
        url,
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const result = await answer(call);
      if (result === "network-error") throw new TypeError("Failed to fetch");
      return new Response(result.body === undefined ? "{}" : JSON.stringify(result.body), {
        status: result.status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return calls;
}

export type UploadCall = { url: string; fields: Record<string, string>; files: File[] };

/**
 * Stubs XMLHttpRequest for apiUpload: reports half the bytes sent, then waits for `answer`
 * (which may hold the upload open so a test can look at the progress bars).
 */
export function stubUploads(answer: (call: UploadCall) => Answer | Promise<Answer>) {
  const calls: UploadCall[] = [];
  class FakeXhr {
    status = 0;
    responseText = "";
    responseType = "";
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = "";
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      const call: UploadCall = { url: this.url, fields: {}, files: [] };
      for (const [key, value] of form.entries()) {
        if (typeof value === "string") call.fields[key] = value;
        else call.files.push(value);
      }
      calls.push(call);
      void (async () => {
        this.upload.onprogress?.({
          lengthComputable: true,
          loaded: 50,
          total: 100,
        } as ProgressEvent);
        const result = await answer(call);
        if (result === "network-error") {
          this.onerror?.();
          return;
        }
        this.status = result.status;
        this.responseText = JSON.stringify(result.body ?? {});
        this.onload?.();
      })();
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return calls;
}

export function imageFile(name: string, type = "image/png"): File {
  return new File([new Uint8Array(2048)], name, { type });
}
