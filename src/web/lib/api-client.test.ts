import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, connectSession } from "./api-client";

function answer(status: number, body: unknown) {
  return vi.fn().mockResolvedValue(
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  connectSession({ token: () => null, onUnauthorized: () => {} });
});

describe("apiRequest", () => {
  it("sends the session's token as a bearer token", async () => {
    const fetch = answer(200, { ok: true });
    vi.stubGlobal("fetch", fetch);
    connectSession({ token: () => "abc.def.ghi", onUnauthorized: () => {} });
    await apiRequest("/api/x");
    expect(fetch.mock.calls[0]![1].headers.Authorization).toBe("Bearer abc.def.ghi");
  });

  it("signs out when the API answers 401 to a signed-in call", async () => {
    vi.stubGlobal(
      "fetch",
      answer(401, { error: "unauthorized", message: "Your session has ended." }),
    );
    const onUnauthorized = vi.fn();
    connectSession({ token: () => "abc.def.ghi", onUnauthorized });
    await expect(apiRequest("/api/x")).rejects.toMatchObject({
      status: 401,
      message: "Your session has ended.",
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("leaves a 401 to a call that handles it itself, and to anonymous calls", async () => {
    vi.stubGlobal("fetch", answer(401, { error: "unauthorized", message: "No." }));
    const onUnauthorized = vi.fn();
    connectSession({ token: () => "abc.def.ghi", onUnauthorized });
    await expect(apiRequest("/api/x", { signOutOn401: false })).rejects.toBeInstanceOf(ApiError);
    connectSession({ token: () => null, onUnauthorized });
    await expect(apiRequest("/api/x")).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("keeps the server's message and details, and says when a message is only a stand-in", async () => {
    vi.stubGlobal(
      "fetch",
      answer(400, {
        error: "bad",
        message: "Name is short.",
        details: [{ path: "name", msg: "x" }],
      }),
    );
    await expect(apiRequest("/api/x", { method: "POST", body: {} })).rejects.toMatchObject({
      status: 400,
      message: "Name is short.",
      details: [{ path: "name", msg: "x" }],
      fromServer: true,
    });
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("oops", { status: 502 })));
    await expect(apiRequest("/api/x")).rejects.toMatchObject({ status: 502, fromServer: false });
  });

  it("reports a network failure as status 0", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(apiRequest("/api/x")).rejects.toMatchObject({ status: 0 });
  });
});
