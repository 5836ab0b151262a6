import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authApi } from "#domain/api/auth";
import { mfaApi } from "#domain/api/mfa";
import { authMessages, type SessionUser } from "#domain/auth";
import { mfaMessages, type SecondStepMethod } from "#domain/mfa";
import { answer, handle, refuse, refuseWithCode } from "#tests/support/api-mocks";
import { AuthProvider } from "#web/features/auth/auth-provider";
import { TOKEN_KEY } from "#web/features/auth/session-storage";
import { connectSession } from "#web/lib/api-client";
import Login from "./login";

// The browser's passkey prompt: what the person does with it is the test's to say.
const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));
vi.mock("@simplewebauthn/browser", () => webauthn);

const ada: SessionUser = {
  uid: "u1",
  email: "ada@example.com",
  displayName: "Ada Admin",
  role: "admin",
  emailVerified: true,
};

function token() {
  const payload = btoa(JSON.stringify({ sub: "u1", exp: Math.floor(Date.now() / 1000) + 3600 }));
  return `h.${payload}.s`;
}

const credential = {
  id: "cred-1",
  rawId: "cred-1",
  type: "public-key" as const,
  response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
  clientExtensionResults: {},
};

function Landed() {
  const location = useLocation();
  return <p>{`Landed on ${location.pathname}${location.search}`}</p>;
}

function renderLogin() {
  const Stub = createRoutesStub([
    { path: "/login", Component: Login },
    { path: "/admin-dashboard", Component: Landed },
    { path: "/account/security", Component: Landed },
  ]);
  return render(
    <AuthProvider>
      <Stub initialEntries={["/login"]} />
    </AuthProvider>,
  );
}

const challenge = (methods: SecondStepMethod[] = ["totp", "recovery_code"]) => ({
  mfaRequired: true as const,
  mfaToken: "mfa-token-1",
  methods,
});

/** Renders /login and signs in with the password, as a person would. */
async function signInWithPassword() {
  const user = userEvent.setup();
  renderLogin();
  await user.type(await screen.findByLabelText("Email"), "ada@example.com");
  await user.type(screen.getByLabelText("Password"), "Secret123");
  await user.click(screen.getByRole("button", { name: "Sign In" }));
  return user;
}

beforeEach(() => {
  localStorage.clear();
  webauthn.startAuthentication.mockReset();
});
afterEach(() => connectSession({ token: () => null, onUnauthorized: () => {} }));

describe("/login for an account without a second step", () => {
  it("signs in with the password alone and goes to the dashboard, as before", async () => {
    const session = { token: token(), user: ada };
    answer(handle(authApi.login, () => session));
    await signInWithPassword();
    expect(await screen.findByText("Landed on /admin-dashboard")).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe(session.token);
  });

  it("sends an administrator the office requires to add a second step to the security page", async () => {
    const session = { token: token(), user: ada, mfaEnrollmentRequired: true as const };
    answer(handle(authApi.login, () => session));
    await signInWithPassword();
    expect(
      await screen.findByText("Landed on /account/security?enrol=required"),
    ).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe(session.token);
  });
});

describe("/login's second step", () => {
  let verified: unknown[];
  beforeEach(() => {
    verified = [];
    answer(
      handle(authApi.login, () => challenge()),
      handle(mfaApi.verify, ({ body }) => {
        verified.push(body);
        const { code } = body as { code: string };
        if (code === "123456") return { token: token(), user: ada };
        if (code === "000000")
          return refuseWithCode(401, "mfa_token_invalid", mfaMessages.secondStepExpired);
        return refuseWithCode(401, "mfa_code_invalid", mfaMessages.secondStepWrong);
      }),
    );
  });

  it("asks for the code in place of the form, then signs in as a password does", async () => {
    const user = await signInWithPassword();
    expect(await screen.findByRole("heading", { name: "Two-step sign-in" })).toBeInTheDocument();
    const code = screen.getByLabelText("Authentication code");
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(screen.queryByLabelText("Password")).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    // As some apps show it: the spaces are dropped.
    await user.type(code, "123 456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Landed on /admin-dashboard")).toBeInTheDocument();
    expect(verified).toEqual([{ mfaToken: "mfa-token-1", code: "123456" }]);
    expect(localStorage.getItem(TOKEN_KEY)).not.toBeNull();
  });

  it("checks the code's shape before sending it", async () => {
    const user = await signInWithPassword();
    await user.type(await screen.findByLabelText("Authentication code"), "12");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(mfaMessages.secondStepFormat)).toBeInTheDocument();
    expect(verified).toEqual([]);
  });

  it("says a wrong code on its field and lets the person try again", async () => {
    const user = await signInWithPassword();
    const code = await screen.findByLabelText("Authentication code");
    await user.type(code, "654321");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(mfaMessages.secondStepWrong);
    expect(code).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(code).toHaveFocus());
    await user.clear(code);
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Landed on /admin-dashboard")).toBeInTheDocument();
  });

  it("takes a recovery code in the same field", async () => {
    const user = await signInWithPassword();
    await user.type(await screen.findByLabelText("Authentication code"), "k7m2p-x9q4r");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await screen.findByRole("alert");
    expect(verified).toEqual([{ mfaToken: "mfa-token-1", code: "k7m2p-x9q4r" }]);
  });

  it("goes back to the password with the server's words when the step has expired", async () => {
    const user = await signInWithPassword();
    await user.type(await screen.findByLabelText("Authentication code"), "000000");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("heading", { name: "Staff Login" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(mfaMessages.secondStepExpired);
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    const password = screen.getByLabelText("Password");
    expect(password).toHaveValue("");
    await waitFor(() => expect(password).toHaveFocus());
  });

  it("goes back to the password on 'Back to sign in'", async () => {
    const user = await signInWithPassword();
    await screen.findByLabelText("Authentication code");
    await user.click(screen.getByRole("button", { name: "Back to sign in" }));
    expect(await screen.findByRole("heading", { name: "Staff Login" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("signs a non-administrator out again after the second step: Access Denied", async () => {
    answer(
      handle(mfaApi.verify, () => ({ token: token(), user: { ...ada, role: "tenant" as const } })),
      handle(authApi.logout, () => ({ success: true as const, message: "Signed out." })),
    );
    const user = await signInWithPassword();
    await user.type(await screen.findByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(authMessages.adminsOnly);
    expect(screen.getByRole("heading", { name: "Staff Login" })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});

describe("/login with a passkey", () => {
  let signIns: unknown[];
  let optionsAsked: unknown[];
  beforeEach(() => {
    signIns = [];
    optionsAsked = [];
    answer(
      handle(mfaApi.passkeyOptions, ({ body }) => {
        optionsAsked.push(body);
        return { challengeId: "ch-1", options: { challenge: "abc", rpId: "localhost" } };
      }),
      handle(mfaApi.passkeySignIn, ({ body }) => {
        signIns.push(body);
        return { token: token(), user: ada };
      }),
    );
  });

  it("uses a passkey as the second step when the account has one", async () => {
    answer(handle(authApi.login, () => challenge(["totp", "recovery_code", "passkey"])));
    webauthn.startAuthentication.mockResolvedValue(credential);
    const user = await signInWithPassword();
    await user.click(await screen.findByRole("button", { name: "Use a passkey instead" }));
    expect(await screen.findByText("Landed on /admin-dashboard")).toBeInTheDocument();
    expect(optionsAsked).toEqual([{ mfaToken: "mfa-token-1" }]);
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: "abc", rpId: "localhost" },
    });
    expect(signIns).toEqual([{ challengeId: "ch-1", credential, mfaToken: "mfa-token-1" }]);
  });

  it("offers no passkey in the second step when the account has none", async () => {
    answer(handle(authApi.login, () => challenge(["totp", "recovery_code"])));
    await signInWithPassword();
    await screen.findByLabelText("Authentication code");
    expect(screen.queryByRole("button", { name: /passkey/ })).toBeNull();
  });

  it("signs in with a passkey alone, without the password", async () => {
    webauthn.startAuthentication.mockResolvedValue(credential);
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    expect(await screen.findByText("Landed on /admin-dashboard")).toBeInTheDocument();
    expect(optionsAsked).toEqual([{}]);
    expect(signIns).toEqual([{ challengeId: "ch-1", credential }]);
  });

  it("says quietly that the prompt was closed, with no error", async () => {
    webauthn.startAuthentication.mockRejectedValue(
      Object.assign(new Error("The operation was not allowed."), { name: "NotAllowedError" }),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    expect(await screen.findByText("The passkey prompt was closed.")).toBeInTheDocument();
    expect(screen.getByText("The passkey prompt was closed.")).toHaveAttribute("role", "status");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(signIns).toEqual([]);
  });

  it("says the server's words when the passkey is not known here", async () => {
    webauthn.startAuthentication.mockResolvedValue(credential);
    answer(handle(mfaApi.passkeySignIn, () => refuse(401, mfaMessages.passkeyFailed)));
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(mfaMessages.passkeyFailed);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
