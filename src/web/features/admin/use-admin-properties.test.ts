import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminProperty } from "#domain/admin";
import { useAdminProperties } from "./use-admin-properties";

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

const building = { id: 1, title: "Elm Court", units: [] } as unknown as AdminProperty;
const ok = () => json(200, [building]);
const tooMany = () =>
  json(429, { error: "too_many_requests", message: "Rate limit exceeded, retry in 30 seconds" });

let fetchMock: ReturnType<typeof vi.fn>;

/** Lets timers run and the stubbed fetch answer, inside act so React applies the updates. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function mount() {
  return renderHook(() => useAdminProperties());
}

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn(async () => ok());
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("useAdminProperties", () => {
  it("makes the first request 100 ms after mount, to the admin list", async () => {
    const { result } = mount();
    expect(result.current.status).toBe("loading");
    await advance(99);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/admin/properties/admin");
    expect(result.current.status).toBe("loaded");
    expect(result.current.properties).toEqual([building]);
    expect(result.current.error).toBeNull();
    expect(result.current.lastRequestAt).toBe(Date.now());
  });

  it("skips a reload within 2 s of the last request, but not a forced one", async () => {
    const { result } = mount();
    await advance(100);
    await advance(1_500);
    await act(() => result.current.reload());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => result.current.reload({ force: true }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await advance(2_000);
    await act(() => result.current.reload());
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("keeps the list visible, and the status loaded, while a reload runs", async () => {
    const { result } = mount();
    await advance(100);
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((r) => (answer = r)));
    let reloading: Promise<void> = Promise.resolve();
    act(() => {
      reloading = result.current.reload({ force: true });
    });
    expect(result.current.refreshing).toBe(true);
    expect(result.current.status).toBe("loaded");
    expect(result.current.properties).toEqual([building]);
    await act(async () => {
      answer(json(200, []));
      await reloading;
    });
    expect(result.current.refreshing).toBe(false);
    expect(result.current.properties).toEqual([]);
  });

  it("after a 429 makes no request for 30 s, even forced, then exactly one by itself", async () => {
    fetchMock.mockImplementationOnce(async () => tooMany());
    const { result } = mount();
    await advance(100);
    expect(result.current.status).toBe("error");
    expect(result.current.error).toBe(
      "Too many requests. Please wait a moment before trying again.",
    );
    await advance(5_000);
    await act(() => result.current.reload({ force: true }));
    await act(() => result.current.reload());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await advance(24_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result.current.status).toBe("loaded");
    expect(result.current.error).toBeNull();
    await advance(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("disables retry for 2 s after each request, and through a 429 hold", async () => {
    fetchMock.mockImplementationOnce(async () => json(500, { error: "x", message: "Boom" }));
    const { result } = mount();
    expect(result.current.retryDisabled).toBe(false);
    await advance(100);
    expect(result.current.retryDisabled).toBe(true);
    await advance(1_999);
    expect(result.current.retryDisabled).toBe(true);
    await advance(1);
    expect(result.current.retryDisabled).toBe(false);

    fetchMock.mockImplementationOnce(async () => tooMany());
    await act(() => result.current.reload());
    await advance(29_999);
    expect(result.current.retryDisabled).toBe(true);
    await advance(1);
    // The hold's own request starts the usual 2 s again.
    expect(result.current.retryDisabled).toBe(true);
    await advance(2_000);
    expect(result.current.retryDisabled).toBe(false);
  });

  it.each([
    [
      "a non-OK answer",
      () => json(500, { error: "x", message: "Boom" }),
      "Failed to load properties from server",
    ],
    [
      "a network failure",
      () => Promise.reject(new TypeError("Failed to fetch")),
      "Server connection failed. Please check if the server is running.",
    ],
    [
      "an error that mentions 429",
      () => json(503, { error: "x", message: "Upstream answered 429" }),
      "Server is busy. Please wait a moment and try again.",
    ],
    [
      "an answer that is not a list",
      () => json(200, { nope: true }),
      "Failed to load properties from server",
    ],
  ])("reports %s in the spec's words", async (_case, answer, text) => {
    fetchMock.mockImplementationOnce(answer);
    const { result } = mount();
    await advance(100);
    expect(result.current.status).toBe("error");
    expect(result.current.error).toBe(text);
  });

  it("keeps the previous list after a failed reload", async () => {
    const { result } = mount();
    await advance(100);
    fetchMock.mockImplementationOnce(async () => json(500, { error: "x", message: "Boom" }));
    await act(() => result.current.reload({ force: true }));
    expect(result.current.status).toBe("error");
    expect(result.current.properties).toEqual([building]);
  });

  it("aborts the request on unmount and plans nothing after", async () => {
    let signal: AbortSignal | undefined;
    fetchMock.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise<Response>(() => {
          signal = init.signal ?? undefined;
        }),
    );
    const { unmount } = mount();
    await advance(100);
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
    await advance(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("makes no request when unmounted before the first one is due", async () => {
    const { unmount } = mount();
    await advance(50);
    unmount();
    await advance(1_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
