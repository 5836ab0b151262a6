import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { authApi } from "#domain/api/auth";
import type { SuccessBody } from "#domain/api/contract";
import { mfaApi } from "#domain/api/mfa";
import type { SessionUser } from "#domain/auth";
import {
  type Answer,
  answer,
  handle,
  networkFailure,
  refuse,
  refuseWithCode,
} from "#tests/support/api-mocks";
import { allowConsoleError } from "#tests/support/fail-on-console-error";
import { connectSession, isRefusal } from "#web/lib/api-client";
import { type AuthContextValue, AuthProvider, useAuth } from "./auth-provider";
import { TOKEN_KEY, USER_KEY } from "./session-storage";

const ada: SessionUser = {
  uid: "u1",
  email: "ada@example.com",
  displayName: "Ada Admin",
  role: "admin",
  emailVerified: true,
};

function token(expiresIn: number) {
  const payload = btoa(
    JSON.stringify({ sub: "u1", exp: Math.floor(Date.now() / 1000) + expiresIn }),
  );
  return `h.${payload}.s`;
}

function store(session: { token: string; user: SessionUser }) {
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(USER_KEY, JSON.stringify(session.user));
}

function Probe() {
  const { user, ready } = useAuth();
  return (
    <p>
      {ready
        ? user
          ? `signed in as ${user.email}${user.emailVerified ? "" : " (unverified)"}`
          : "signed out"
        : "checking"}
    </p>
  );
}

/** Runs one of the provider's actions from a button and shows how it ended. */
function Action({ run }: { run: (auth: AuthContextValue) => Promise<unknown> }) {
  const auth = useAuth();
  const [outcome, setOutcome] = useState("");
  return (
    <>
      <button
        type="button"
        onClick={() =>
          run(auth).then(
            () => setOutcome("done"),
            (error: Error) => setOutcome(`failed: ${error.message}`),
          )
        }
      >
        Go
      </button>
      <output>{outcome}</output>
    </>
  );
}

function renderProvider(run?: (auth: AuthContextValue) => Promise<unknown>) {
  return render(
    <AuthProvider>
      <Probe />
      {run ? <Action run={run} /> : null}
    </AuthProvider>,
  );
}

async function press() {
  await userEvent.click(screen.getByRole("button", { name: "Go" }));
}

beforeEach(() => localStorage.clear());
// The provider connects the API client to its session; the next test starts unconnected.
afterEach(() => connectSession({ token: () => null, onUnauthorized: () => {} }));

describe("useAuth", () => {
  it("fails outside its provider with the product's message", () => {
    // React reports the thrown render error on the console; that is the point here.
    allowConsoleError(/useAuth must be used within an AuthProvider|The above error occurred/);
    expect(() => render(<Probe />)).toThrow("useAuth must be used within an AuthProvider");
  });
});

describe("the session check at start", () => {
  it("starts signed out, with storage cleared and no call, when the stored token has expired", async () => {
    store({ token: token(-10), user: ada });
    renderProvider();
    expect(await screen.findByText("signed out")).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it("starts with the stored user, then takes the server's fresh record", async () => {
    const stored = token(3600);
    store({ token: stored, user: { ...ada, emailVerified: false } });
    let authorization: string | null = null;
    answer(
      handle(authApi.me, ({ request }) => {
        authorization = request.headers.get("authorization");
        return { user: ada };
      }),
    );
    renderProvider();
    expect(screen.getByText("signed in as ada@example.com (unverified)")).toBeInTheDocument();
    expect(await screen.findByText("signed in as ada@example.com")).toBeInTheDocument();
    expect(authorization).toBe(`Bearer ${stored}`);
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toEqual(ada);
  });

  it("ends a session the server no longer accepts, quietly (no trip to /login)", async () => {
    store({ token: token(3600), user: ada });
    answer(handle(authApi.me, () => refuse(401, "Your session has ended.")));
    renderProvider();
    expect(screen.getByText("signed in as ada@example.com")).toBeInTheDocument();
    expect(await screen.findByText("signed out")).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.location.pathname).toBe("/");
  });

  it("keeps the stored session when the check fails for another reason", async () => {
    const failures: Answer<typeof authApi.me>[] = [
      networkFailure,
      refuse(503, "The database is not reachable."),
    ];
    for (const failure of failures) {
      store({ token: token(3600), user: ada });
      let answered = false;
      answer(
        handle(authApi.me, () => {
          answered = true;
          return failure;
        }),
      );
      const { unmount } = renderProvider();
      await waitFor(() => expect(answered).toBe(true));
      // The failure reaches the provider a moment after the handler answers.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.getByText("signed in as ada@example.com")).toBeInTheDocument();
      expect(localStorage.getItem(TOKEN_KEY)).not.toBeNull();
      unmount();
    }
  });
});

describe("the provider's actions", () => {
  it("signs in: the session is stored and the user shown", async () => {
    const session = { token: token(3600), user: ada };
    let sent: unknown;
    answer(
      handle(authApi.login, ({ body }) => {
        sent = body;
        return session;
      }),
    );
    renderProvider((auth) => auth.login("ada@example.com", "Secret123"));
    expect(screen.getByText("signed out")).toBeInTheDocument();
    await press();
    expect(await screen.findByText("signed in as ada@example.com")).toBeInTheDocument();
    expect(sent).toEqual({ email: "ada@example.com", password: "Secret123" });
    expect(localStorage.getItem(TOKEN_KEY)).toBe(session.token);
  });

  it("answers the second step's challenge for an account with one, and stores nothing yet", async () => {
    answer(
      handle(authApi.login, () => ({
        mfaRequired: true as const,
        mfaToken: "mfa-1",
        methods: ["totp" as const, "recovery_code" as const],
      })),
    );
    let outcome: unknown;
    renderProvider(async (auth) => {
      outcome = await auth.login("ada@example.com", "Secret123");
    });
    await press();
    expect(await screen.findByText("done")).toBeInTheDocument();
    expect(outcome).toEqual({
      kind: "second-step",
      mfaToken: "mfa-1",
      methods: ["totp", "recovery_code"],
    });
    expect(screen.getByText("signed out")).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("completes the second step: the session is stored as a sign-in stores it", async () => {
    const session = { token: token(3600), user: ada };
    let sent: unknown;
    answer(
      handle(mfaApi.verify, ({ body }) => {
        sent = body;
        return session;
      }),
    );
    let outcome: unknown;
    renderProvider(async (auth) => {
      outcome = await auth.completeSecondStep("mfa-1", "123456");
    });
    await press();
    expect(await screen.findByText("signed in as ada@example.com")).toBeInTheDocument();
    expect(sent).toEqual({ mfaToken: "mfa-1", code: "123456" });
    expect(outcome).toEqual({ kind: "signed-in", user: ada, enrollmentRequired: false });
    expect(localStorage.getItem(TOKEN_KEY)).toBe(session.token);
  });

  it("fails the second step with the server's refusal, its code kept", async () => {
    answer(
      handle(mfaApi.verify, () =>
        refuseWithCode(401, "mfa_token_invalid", "The sign-in step has expired."),
      ),
    );
    let failure: unknown;
    renderProvider((auth) =>
      auth.completeSecondStep("mfa-1", "123456").catch((error: unknown) => {
        failure = error;
        throw error;
      }),
    );
    await press();
    expect(await screen.findByText("failed: The sign-in step has expired.")).toBeInTheDocument();
    expect(isRefusal(failure, "mfa_token_invalid")).toBe(true);
  });

  it("says when an administrator must add a second step, with the session stored", async () => {
    const session = { token: token(3600), user: ada, mfaEnrollmentRequired: true as const };
    answer(handle(authApi.login, () => session));
    let outcome: unknown;
    renderProvider(async (auth) => {
      outcome = await auth.login("ada@example.com", "Secret123");
    });
    await press();
    expect(await screen.findByText("signed in as ada@example.com")).toBeInTheDocument();
    expect(outcome).toEqual({ kind: "signed-in", user: ada, enrollmentRequired: true });
    expect(localStorage.getItem(TOKEN_KEY)).toBe(session.token);
  });

  it("fails a sign-in with the server's message, or 'Login failed' when it gave none", async () => {
    answer(handle(authApi.login, () => refuse(401, "Invalid email or password.")));
    renderProvider((auth) => auth.login("ada@example.com", "wrong"));
    await press();
    expect(await screen.findByText("failed: Invalid email or password.")).toBeInTheDocument();

    answer(handle(authApi.login, () => networkFailure));
    await press();
    expect(await screen.findByText("failed: Login failed")).toBeInTheDocument();
    expect(screen.getByText("signed out")).toBeInTheDocument();
  });

  it("verifies the e-mail with the code and takes the fresh session", async () => {
    store({ token: token(3600), user: { ...ada, emailVerified: false } });
    const fresh = token(7200);
    let sent: unknown;
    answer(
      handle(authApi.me, () => ({ user: { ...ada, emailVerified: false } })),
      handle(authApi.verifyCode, ({ body }) => {
        sent = body;
        return { token: fresh, user: ada };
      }),
    );
    renderProvider((auth) => auth.verifyEmailCode("ada@example.com", "123456"));
    await press();
    expect(await screen.findByText("done")).toBeInTheDocument();
    expect(screen.getByText("signed in as ada@example.com")).toBeInTheDocument();
    expect(sent).toEqual({ email: "ada@example.com", code: "123456" });
    expect(localStorage.getItem(TOKEN_KEY)).toBe(fresh);
  });

  it("says each call's own fallback when the server gave no message", async () => {
    answer(
      handle(authApi.sendVerification, () => networkFailure),
      handle(authApi.verifyCode, () => networkFailure),
      handle(authApi.requestPasswordReset, () => networkFailure),
      handle(authApi.resetPassword, () => networkFailure),
    );
    const calls: [string, (auth: AuthContextValue) => Promise<unknown>][] = [
      [
        "Failed to send verification email. Please try again later.",
        (auth) => auth.sendVerification("u1"),
      ],
      ["Email verification failed", (auth) => auth.verifyEmailCode("a@b.co", "123456")],
      ["Failed to send password reset email", (auth) => auth.requestPasswordReset("a@b.co")],
      ["Failed to reset password", (auth) => auth.resetPassword("u1", "c".repeat(32), "Secret123")],
    ];
    for (const [message, run] of calls) {
      const { unmount } = renderProvider(run);
      await press();
      expect(await screen.findByText(`failed: ${message}`)).toBeInTheDocument();
      unmount();
    }
  });

  it("sends the password reset and the new password, and says the server's refusal", async () => {
    const sent: unknown[] = [];
    const resetSent: SuccessBody<typeof authApi.requestPasswordReset> = {
      success: true,
      message: "If an account exists, we sent a link.",
    };
    answer(
      handle(authApi.requestPasswordReset, ({ body }) => {
        sent.push(body);
        return resetSent;
      }),
      handle(authApi.resetPassword, ({ body }) => {
        sent.push(body);
        return refuse(400, "This reset link is invalid or has expired.");
      }),
    );
    renderProvider(async (auth) => {
      await auth.requestPasswordReset("ada@example.com");
      await auth.resetPassword("u1", "c".repeat(32), "Secret123");
    });
    await press();
    expect(
      await screen.findByText("failed: This reset link is invalid or has expired."),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      { email: "ada@example.com" },
      { userId: "u1", resetCode: "c".repeat(32), newPassword: "Secret123" },
    ]);
  });

  it("is refused registration with the server's words", async () => {
    answer(
      handle(authApi.register, () =>
        refuse(403, "Registration is not available. Accounts are created by our office."),
      ),
    );
    renderProvider((auth) => auth.register());
    await press();
    expect(
      await screen.findByText(
        "failed: Registration is not available. Accounts are created by our office.",
      ),
    ).toBeInTheDocument();
  });

  it("logs out at once here, and asks the server to end the session with its token", async () => {
    const session = { token: token(3600), user: ada };
    store(session);
    answer(handle(authApi.me, () => ({ user: ada })));
    const ended: (string | null)[] = [];
    answer(
      handle(authApi.logout, ({ request }) => {
        ended.push(request.headers.get("authorization"));
        return { success: true as const, message: "You have been signed out." };
      }),
    );
    renderProvider(async (auth) => auth.logout());
    expect(await screen.findByText("signed in as ada@example.com")).toBeInTheDocument();
    await press();
    expect(await screen.findByText("signed out")).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    await waitFor(() => expect(ended).toEqual([`Bearer ${session.token}`]));
  });

  it("logs out here even when the server cannot be reached", async () => {
    store({ token: token(3600), user: ada });
    answer(
      handle(authApi.me, () => ({ user: ada })),
      handle(authApi.logout, () => networkFailure),
    );
    renderProvider(async (auth) => auth.logout());
    expect(await screen.findByText("signed in as ada@example.com")).toBeInTheDocument();
    await press();
    expect(await screen.findByText("signed out")).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
