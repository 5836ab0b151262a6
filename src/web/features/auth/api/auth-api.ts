import type { authApi as authContracts } from "#domain/api/auth";
import type { SuccessBody } from "#domain/api/contract";
import type { mfaApi } from "#domain/api/mfa";
import type { tenantPortalApi } from "#domain/api/tenant-portal";
import type { Locale } from "#domain/locale";
import { ApiError, request } from "#web/lib/api-client";

/**
 * The browser's side of sign-in, the session check, e-mail verification and password reset.
 * This module is on every page (the session provider imports it), the contracts are not: they
 * carry zod, which a page without a form must not load, so each call fetches them first.
 * The fallback messages are written here, not imported from #domain/auth, for the same reason.
 */
export type Session = SuccessBody<typeof authContracts.verifyCode>;
/** A correct password's answer: the session, or the second step's challenge (no session yet). */
export type SignInAnswer = SuccessBody<typeof authContracts.login>;

type AuthContracts = typeof authContracts;
type MfaContracts = typeof mfaApi;
type TenantContracts = typeof tenantPortalApi;

const contracts = async (): Promise<AuthContracts> => (await import("#domain/api/auth")).authApi;
const mfaContracts = async (): Promise<MfaContracts> => (await import("#domain/api/mfa")).mfaApi;
const tenantContracts = async (): Promise<TenantContracts> =>
  (await import("#domain/api/tenant-portal")).tenantPortalApi;

/**
 * A failure says the server's own message when it sent one (the ApiError itself, so that its
 * code still tells a wrong code from an expired sign-in), else the call's fallback.
 */
async function call<T, A>(
  load: () => Promise<A>,
  work: (api: A) => Promise<T>,
  fallback: string,
): Promise<T> {
  try {
    return await work(await load());
  } catch (error) {
    throw error instanceof ApiError && error.fromServer ? error : new Error(fallback);
  }
}

const auth = <T>(work: (api: AuthContracts) => Promise<T>, fallback: string) =>
  call(contracts, work, fallback);
const mfa = <T>(work: (api: MfaContracts) => Promise<T>, fallback: string) =>
  call(mfaContracts, work, fallback);

// The second step's calls answer 401 for a wrong code or an expired sign-in: that is the
// form's business, not a sign-out (there is no session yet).
const noSignOut = { signOutOn401: false } as const;

export const authApi = {
  login: (email: string, password: string): Promise<SignInAnswer> =>
    auth((api) => request(api.login, { body: { email, password } }), "Login failed"),
  /** The second step with an authenticator or recovery code. */
  verifySecondStep: (mfaToken: string, code: string): Promise<Session> =>
    mfa((api) => request(api.verify, { body: { mfaToken, code } }, noSignOut), "Login failed"),
  /**
   * A passkey, as the second step (with the first step's token) or as the only one: the
   * server's options, the browser's prompt, then the server checks what the prompt signed.
   * A closed prompt fails with PasskeyPromptClosed, as it is.
   */
  signInWithPasskey: async (mfaToken?: string): Promise<Session> => {
    const withToken = mfaToken ? { mfaToken } : {};
    const { challengeId, options } = await mfa(
      (api) => request(api.passkeyOptions, { body: withToken }, noSignOut),
      "Login failed",
    );
    // The prompt's module only when a passkey is asked for: this module is on every page.
    const { signWithPasskey } = await import("#web/lib/passkey-prompt");
    const credential = await signWithPasskey(options);
    return mfa(
      (api) =>
        request(api.passkeySignIn, { body: { challengeId, credential, ...withToken } }, noSignOut),
      "Login failed",
    );
  },
  /**
   * A tenant's e-mailed sign-in (or invitation) link: its token for a session. A used, expired or
   * unknown token is the server's 400, passed on as it is so the page can say so.
   */
  signInWithLink: (token: string, lang: Locale): Promise<Session> =>
    call(
      tenantContracts,
      (api) => request(api.signIn, { body: { token, lang } }, noSignOut),
      "Sign-in failed",
    ),
  /** Ends the session on the server (the browser has already forgotten it): failures are quiet. */
  logout: async (token: string) => {
    await request((await contracts()).logout, {}, { token, signOutOn401: false });
  },
  /** Always refused (accounts are made by the office): fails with the server's message. */
  register: () => auth((api) => request(api.register, {}), "Registration failed"),
  /**
   * The session check at start: fails with the ApiError itself, so a 401 (the session is over)
   * can be told apart from a server or network failure.
   */
  me: async () => request((await contracts()).me, {}, { signOutOn401: false }),
  sendVerification: (uid: string) =>
    auth(
      (api) => request(api.sendVerification, { body: { uid } }),
      "Failed to send verification email. Please try again later.",
    ),
  verifyCode: (email: string, code: string) =>
    auth((api) => request(api.verifyCode, { body: { email, code } }), "Email verification failed"),
  requestPasswordReset: (email: string) =>
    auth(
      (api) => request(api.requestPasswordReset, { body: { email } }),
      "Failed to send password reset email",
    ),
  resetPassword: (userId: string, resetCode: string, newPassword: string) =>
    auth(
      (api) => request(api.resetPassword, { body: { userId, resetCode, newPassword } }),
      "Failed to reset password",
    ),
};
