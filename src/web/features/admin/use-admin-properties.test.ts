import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { type Answer, answer, handle, networkFailure, refuse } from "#tests/support/api-mocks";
import { advance, fakeClock } from "#tests/support/fake-clock";
import { queryWrapper, testQueryClient } from "#tests/support/render-with-query";
import { invalidate } from "#web/lib/query";
import { figuresHandlers, sampleProperty } from "./properties/test-support";
import { useAdminProperties } from "./use-admin-properties";

type ListAnswer = Answer<typeof adminPropertiesApi.list>;

const building = sampleProperty(1, { title: "Elm Court" });
const tooMany = () => refuse(429, "Rate limit exceeded, retry in 30 seconds");

/** Each call to the admin list, answered in turn by `next` (default: the one building). */
let requests: Request[];
let next: (() => ListAnswer | Promise<ListAnswer>)[];

beforeEach(() => {
  fakeClock();
  requests = [];
  next = [];
  answer(
    handle(adminPropertiesApi.list, ({ request }) => {
      requests.push(request);
      return next.shift()?.() ?? [building];
    }),
    ...figuresHandlers(() => [building]),
  );
});

afterEach(() => {
  vi.useRealTimers();
});

function mount() {
  const client = testQueryClient();
  return { client, ...renderHook(() => useAdminProperties(), { wrapper: queryWrapper(client) }) };
}

describe("useAdminProperties", () => {
  it("makes the first request 100 ms after mount, to the admin list", async () => {
    const { result } = mount();
    expect(result.current.status).toBe("loading");
    await advance(99);
    expect(requests).toHaveLength(0);
    await advance(1);
    expect(requests).toHaveLength(1);
    expect(result.current.status).toBe("loaded");
    expect(result.current.properties).toEqual([building]);
    expect(result.current.error).toBeNull();
    expect(result.current.lastRequestAt).toBe(Date.now());
  });

  it("skips a Retry within 2 s of the last request; a write's invalidation refetches at once", async () => {
    const { result, client } = mount();
    await advance(100);
    await advance(1_500);
    await act(() => result.current.reload());
    expect(requests).toHaveLength(1);
    await act(() => invalidate(client, adminPropertiesApi.updateProperty.invalidates));
    await advance(0);
    expect(requests).toHaveLength(2);
    await advance(2_000);
    await act(() => result.current.reload());
    await advance(0);
    expect(requests).toHaveLength(3);
  });

  it("asks no sooner than 2 s after the last answer when the dashboard is opened again", async () => {
    const client = testQueryClient();
    const open = () => renderHook(() => useAdminProperties(), { wrapper: queryWrapper(client) });
    const first = open();
    await advance(100);
    first.unmount();
    const second = open();
    await advance(100);
    // The cached list is shown at once and still fresh: no request.
    expect(second.result.current.properties).toEqual([building]);
    expect(requests).toHaveLength(1);
    second.unmount();
    await advance(2_000);
    open();
    await advance(100);
    expect(requests).toHaveLength(2);
  });

  it("keeps the list visible, and the status loaded, while a reload runs", async () => {
    const { result, client } = mount();
    await advance(100);
    let release: () => void = () => {};
    next.push(() => new Promise<ListAnswer>((resolve) => (release = () => resolve([]))));
    let reloading: Promise<void> = Promise.resolve();
    act(() => {
      reloading = invalidate(client, ["listings"]);
    });
    await advance(0);
    expect(result.current.refreshing).toBe(true);
    expect(result.current.status).toBe("loaded");
    expect(result.current.properties).toEqual([building]);
    await act(async () => {
      release();
      await reloading;
    });
    expect(result.current.refreshing).toBe(false);
    expect(result.current.properties).toEqual([]);
  });

  it("after a 429 makes no request for 30 s, even after a write, then exactly one by itself", async () => {
    next.push(tooMany);
    const { result, client } = mount();
    await advance(100);
    expect(result.current.status).toBe("error");
    expect(result.current.error).toBe(
      "Too many requests. Please wait a moment before trying again.",
    );
    await advance(5_000);
    await act(() => invalidate(client, ["listings"]));
    await act(() => result.current.reload());
    await advance(0);
    expect(requests).toHaveLength(1);
    await advance(24_999);
    expect(requests).toHaveLength(1);
    await advance(1);
    expect(requests).toHaveLength(2);
    expect(result.current.status).toBe("loaded");
    expect(result.current.error).toBeNull();
    await advance(60_000);
    expect(requests).toHaveLength(2);
  });

  it("disables retry for 2 s after each request, and through a 429 hold", async () => {
    next.push(() => refuse(500, "Boom"));
    const { result } = mount();
    expect(result.current.retryDisabled).toBe(false);
    await advance(100);
    expect(result.current.retryDisabled).toBe(true);
    await advance(1_999);
    expect(result.current.retryDisabled).toBe(true);
    await advance(1);
    expect(result.current.retryDisabled).toBe(false);

    next.push(tooMany);
    await act(() => result.current.reload());
    await advance(0);
    expect(result.current.error).toBe(
      "Too many requests. Please wait a moment before trying again.",
    );
    await advance(29_999);
    expect(result.current.retryDisabled).toBe(true);
    await advance(1);
    // The hold's own request starts the usual 2 s again.
    expect(requests).toHaveLength(3);
    expect(result.current.retryDisabled).toBe(true);
    await advance(2_000);
    expect(result.current.retryDisabled).toBe(false);
  });

  it.each<[string, () => ListAnswer, string]>([
    ["a refusal", () => refuse(500, "Boom"), "Failed to load properties from server"],
    [
      "a network failure",
      () => networkFailure,
      "Server connection failed. Please check if the server is running.",
    ],
    [
      "an error that mentions 429",
      () => refuse(503, "Upstream answered 429"),
      "Server is busy. Please wait a moment and try again.",
    ],
  ])("reports %s in the dashboard's words", async (_case, failure, text) => {
    next.push(failure);
    const { result } = mount();
    await advance(100);
    expect(result.current.status).toBe("error");
    expect(result.current.error).toBe(text);
  });

  it("keeps the previous list after a failed reload", async () => {
    const { result, client } = mount();
    await advance(100);
    next.push(() => refuse(500, "Boom"));
    await act(() => invalidate(client, ["listings"]));
    await advance(0);
    expect(result.current.status).toBe("error");
    expect(result.current.properties).toEqual([building]);
  });

  it("keeps the error on screen while a retry after a failed first load runs", async () => {
    next.push(() => refuse(500, "Boom"));
    const { result } = mount();
    await advance(100);
    await advance(2_000);
    let release: () => void = () => {};
    next.push(() => new Promise<ListAnswer>((resolve) => (release = () => resolve([building]))));
    act(() => void result.current.reload());
    await advance(0);
    expect(result.current.refreshing).toBe(true);
    expect(result.current.status).toBe("error");
    expect(result.current.error).toBe("Failed to load properties from server");
    await act(async () => release());
    await advance(0);
    expect(result.current.status).toBe("loaded");
    expect(result.current.error).toBeNull();
  });

  it("aborts the request on unmount and plans nothing after", async () => {
    next.push(() => new Promise<ListAnswer>(() => {}));
    const { unmount } = mount();
    await advance(100);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.signal.aborted).toBe(false);
    unmount();
    expect(requests[0]!.signal.aborted).toBe(true);
    await advance(60_000);
    expect(requests).toHaveLength(1);
  });

  it("makes no request when unmounted before the first one is due", async () => {
    const { unmount } = mount();
    await advance(50);
    unmount();
    await advance(1_000);
    expect(requests).toHaveLength(0);
  });
});
