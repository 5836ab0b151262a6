import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authApi } from "#domain/api/auth";
import { defineApi, type SuccessBody } from "#domain/api/contract";
import { inquiriesApi } from "#domain/api/inquiries";
import { mfaApi } from "#domain/api/mfa";
import { tenantFilesApi } from "#domain/api/tenant-files";
import type { SessionUser } from "#domain/auth";
import { z } from "#domain/zod";
import { answer, handle, networkFailure, refuse, refuseWithCode } from "#tests/support/api-mocks";
import { proxyAnswer } from "#tests/support/proxy-answer";
import { recordUploadProgress } from "#tests/support/upload-progress";
import {
  ApiError,
  abortSessionReads,
  connectSession,
  isRefusal,
  nextCursorOfLink,
  request,
  upload,
} from "./api-client";

const user: SessionUser = {
  uid: "u1",
  email: "ada@example.com",
  displayName: "Ada Admin",
  role: "admin",
  emailVerified: true,
};

const inquiry = {
  name: "Ann Visitor",
  email: "ann@example.com",
  phone: "8605550100",
  message: "Is the two-bedroom still free?",
  propertyId: null,
};

const thanks: SuccessBody<typeof inquiriesApi.send> = { success: true, message: "Thanks." };

const connectionFailed = "Server connection failed. Please check your connection and try again.";

function signedIn(onUnauthorized = vi.fn()) {
  connectSession({ token: () => "abc.def.ghi", onUnauthorized });
  return onUnauthorized;
}

// The client's own tests start with no session (the shared setup renders screens under one).
const signedOut = () => connectSession({ token: () => null, onUnauthorized: () => {} });
beforeEach(signedOut);
afterEach(signedOut);

describe("request", () => {
  it("sends the session's token as a bearer token and answers the contract's body", async () => {
    let authorization: string | null = null;
    answer(
      handle(authApi.me, ({ request }) => {
        authorization = request.headers.get("authorization");
        return { user };
      }),
    );
    signedIn();
    await expect(request(authApi.me, {})).resolves.toEqual({ user });
    expect(authorization).toBe("Bearer abc.def.ghi");
  });

  it("sends no Authorization header without a session", async () => {
    let authorization: string | null = "unset";
    answer(
      handle(inquiriesApi.send, ({ request }) => {
        authorization = request.headers.get("authorization");
        return thanks;
      }),
    );
    await request(inquiriesApi.send, { body: inquiry });
    expect(authorization).toBeNull();
  });

  it("refuses a read that needs a session, without one, before the network", async () => {
    let reached = false;
    answer(
      handle(authApi.me, () => {
        reached = true;
        return { user };
      }),
    );
    const onUnauthorized = vi.fn();
    connectSession({ token: () => null, onUnauthorized });
    const refused = await request(authApi.me, {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, code: "unauthorized", fromServer: true });
    expect((refused as ApiError).message).toBe("Please sign in to continue.");
    // Nothing was sent, and nobody is sent to the sign-in page for a session that was never there.
    expect(reached).toBe(false);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("fills the path from params, encoded, and sends the query and the JSON body", async () => {
    const seen: unknown[] = [];
    answer(
      handle(tenantFilesApi.uploadRequest, ({ params }) => {
        seen.push(params);
        return refuse(404, "This link is not valid.");
      }),
      handle(inquiriesApi.list, ({ query }) => {
        seen.push(query);
        return { inquiries: [], unhandled: 0, nextCursor: null };
      }),
      handle(inquiriesApi.send, ({ body }) => {
        seen.push(body);
        return thanks;
      }),
    );
    await expect(
      request(tenantFilesApi.uploadRequest, { params: { token: "a b/c" } }),
    ).rejects.toMatchObject({ status: 404 });
    signedIn();
    await request(inquiriesApi.list, { query: { status: "unhandled" } });
    await request(inquiriesApi.send, { body: inquiry });
    expect(seen).toEqual([{ token: "a b/c" }, { status: "unhandled" }, inquiry]);
  });

  it("signs out when the API answers 401 to a signed-in call", async () => {
    answer(handle(authApi.me, () => refuse(401, "Your session has ended.")));
    const onUnauthorized = signedIn();
    await expect(request(authApi.me, {})).rejects.toMatchObject({
      status: 401,
      message: "Your session has ended.",
      fromServer: true,
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("leaves a 401 to a call that handles it itself, and to anonymous calls", async () => {
    answer(handle(authApi.me, () => refuse(401, "No.")));
    const onUnauthorized = signedIn();
    await expect(request(authApi.me, {}, { signOutOn401: false })).rejects.toBeInstanceOf(ApiError);
    connectSession({ token: () => null, onUnauthorized });
    await expect(request(authApi.me, {})).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("keeps the server's message and details", async () => {
    answer(
      handle(inquiriesApi.send, () =>
        refuse(400, "Name is short.", [
          { path: "name", msg: "Name must be at least 2 characters." },
        ]),
      ),
    );
    await expect(request(inquiriesApi.send, { body: inquiry })).rejects.toMatchObject({
      status: 400,
      message: "Name is short.",
      details: [{ path: "name", msg: "Name must be at least 2 characters." }],
      fromServer: true,
      code: "validation_failed",
    });
  });

  it("keeps the refusal's code, which isRefusal reads", async () => {
    answer(
      handle(mfaApi.totpSetup, () =>
        refuseWithCode(403, "password_incorrect", "That password is not correct."),
      ),
    );
    const failure = await request(mfaApi.totpSetup, { body: { password: "x" } }).catch(
      (e: unknown) => e,
    );
    expect(failure).toMatchObject({ status: 403, code: "password_incorrect" });
    expect(isRefusal(failure, "password_incorrect")).toBe(true);
    expect(isRefusal(failure, "mfa_enrollment_required")).toBe(false);
    expect(isRefusal(new Error("That password is not correct."), "password_incorrect")).toBe(false);
  });

  it("says when a refusal's message is only a stand-in (a body that is not the API's)", async () => {
    answer(proxyAnswer(inquiriesApi.send, 502, "<html>Bad Gateway</html>"));
    const failure = await request(inquiriesApi.send, { body: inquiry }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 502,
      message: "Request failed with status 502",
      details: [],
      fromServer: false,
    });
  });

  it("reports a network failure as status 0 with the connection message", async () => {
    answer(handle(inquiriesApi.send, () => networkFailure));
    await expect(request(inquiriesApi.send, { body: inquiry })).rejects.toMatchObject({
      status: 0,
      message: connectionFailed,
      fromServer: false,
    });
  });

  it("refuses an answer that breaks the contract (a server of another version)", async () => {
    const path = "/api/test/version-skew";
    const client = defineApi("test", {
      thing: {
        method: "GET",
        path,
        summary: "",
        guard: "public",
        responses: { 200: z.object({ count: z.number() }) },
      },
    });
    const server = defineApi("test", {
      thing: {
        method: "GET",
        path,
        summary: "",
        guard: "public",
        responses: { 200: z.object({ count: z.string() }) },
      },
    });
    answer(handle(server.thing, () => ({ count: "seven" })));
    await expect(request(client.thing, {})).rejects.toMatchObject({
      status: 200,
      message: `Unexpected answer (200) from ${path}`,
    });
  });

  it("lets an abort through as an AbortError, not an ApiError", async () => {
    answer(handle(authApi.me, () => new Promise<never>(() => {})));
    signedIn();
    const controller = new AbortController();
    const call = request(authApi.me, {}, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("upload", () => {
  const received = { originalName: "lease.pdf", size: 4, uploadDate: "2025-03-02T15:00:00Z" };
  const form = () => {
    const data = new FormData();
    data.append("files", new File(["%PDF"], "lease.pdf", { type: "application/pdf" }));
    return data;
  };

  it("sends the form with the bearer token to the contract's path and answers its body", async () => {
    const seen: { token?: string; authorization?: string | null; type?: string } = {};
    answer(
      handle(tenantFilesApi.uploadThroughRequest, async ({ params, request: sent }) => {
        seen.token = params.token;
        seen.authorization = sent.headers.get("authorization");
        // jsdom's File does not survive Node's multipart encoding whole (its name and bytes are
        // lost), its type does: enough to see the part was sent.
        seen.type = ((await sent.formData()).get("files") as File).type;
        return { status: 201, body: { files: [received] } };
      }),
    );
    signedIn();
    const onProgress = vi.fn();
    await expect(
      upload(tenantFilesApi.uploadThroughRequest, { params: { token: "t/1" } }, form(), {
        onProgress,
      }),
    ).resolves.toEqual({ files: [received] });
    expect(seen).toEqual({
      token: "t/1",
      authorization: "Bearer abc.def.ghi",
      type: "application/pdf",
    });
    expect(onProgress).toHaveBeenLastCalledWith({ loaded: 1, total: 1, percent: 100 });
  });

  it("reports the bytes sent as they go", async () => {
    const progress = recordUploadProgress();
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      answer(
        handle(tenantFilesApi.uploadThroughRequest, async () => {
          await held;
          return { status: 201, body: { files: [received] } };
        }),
      );
      const onProgress = vi.fn();
      const sent = upload(tenantFilesApi.uploadThroughRequest, { params: { token: "t" } }, form(), {
        onProgress,
      });
      await vi.waitFor(() => expect(progress.uploads).toHaveLength(1));
      progress.uploads[0]!.progress(1, 4);
      expect(onProgress).toHaveBeenLastCalledWith({ loaded: 1, total: 4, percent: 25 });
      release();
      await sent;
      expect(onProgress).toHaveBeenLastCalledWith({ loaded: 1, total: 1, percent: 100 });
    } finally {
      progress.stop();
    }
  });

  it("keeps the server's message, and says when a proxy's page is only a stand-in", async () => {
    answer(
      handle(tenantFilesApi.uploadThroughRequest, () => refuse(415, "That type is not accepted.")),
    );
    await expect(
      upload(tenantFilesApi.uploadThroughRequest, { params: { token: "t" } }, form()),
    ).rejects.toMatchObject({
      status: 415,
      message: "That type is not accepted.",
      fromServer: true,
    });

    answer(proxyAnswer(tenantFilesApi.uploadThroughRequest, 413));
    await expect(
      upload(tenantFilesApi.uploadThroughRequest, { params: { token: "t" } }, form()),
    ).rejects.toMatchObject({ status: 413, fromServer: false });
  });

  it("signs out on a 401 to a signed-in upload", async () => {
    answer(handle(tenantFilesApi.tenantUpload, () => refuse(401, "Your session has ended.")));
    const onUnauthorized = signedIn();
    await expect(upload(tenantFilesApi.tenantUpload, {}, form())).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("reports a network failure as status 0 with the connection message", async () => {
    answer(handle(tenantFilesApi.uploadThroughRequest, () => networkFailure));
    await expect(
      upload(tenantFilesApi.uploadThroughRequest, { params: { token: "t" } }, form()),
    ).rejects.toMatchObject({ status: 0, message: connectionFailed });
  });

  it("refuses an answer that breaks the contract", async () => {
    const path = "/api/test/uploads";
    const responses = (file: z.ZodType) => ({ 201: z.object({ file }) });
    const client = defineApi("test", {
      send: {
        method: "POST",
        path,
        summary: "",
        guard: "public",
        invalidates: [],
        responses: responses(z.string()),
      },
    });
    const server = defineApi("test", {
      send: {
        method: "POST",
        path,
        summary: "",
        guard: "public",
        invalidates: [],
        responses: responses(z.number()),
      },
    });
    answer(handle(server.send, () => ({ status: 201, body: { file: 7 } })));
    await expect(upload(client.send, {}, form())).rejects.toMatchObject({
      status: 201,
      message: `Unexpected answer (201) from ${path}`,
    });
  });
});

describe("abortSessionReads", () => {
  it("cancels the reads in flight with the session's token, not the writes", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    answer(
      handle(authApi.me, async () => {
        await held;
        return { user };
      }),
      handle(inquiriesApi.send, async () => {
        await held;
        return thanks;
      }),
    );
    signedIn();
    const read = request(authApi.me, {});
    const write = request(inquiriesApi.send, { body: inquiry });
    abortSessionReads();
    release();
    await expect(read).rejects.toMatchObject({ name: "AbortError" });
    await expect(write).resolves.toEqual(thanks);
    // Reads started after the cancellation are not touched by it.
    await expect(request(authApi.me, {})).resolves.toEqual({ user });
  });
});

describe("nextCursorOfLink", () => {
  it("reads the cursor of the next page a Link header names, and null when it names none", () => {
    expect(
      nextCursorOfLink('</api/properties/buildings?beds=2&cursor=WzEsMCw0OF0>; rel="next"'),
    ).toBe("WzEsMCw0OF0");
    expect(nextCursorOfLink('</api/x?page=2>; rel="prev"')).toBeNull();
    expect(nextCursorOfLink('</api/x>; rel="next"')).toBeNull();
    expect(nextCursorOfLink(null)).toBeNull();
  });
});
