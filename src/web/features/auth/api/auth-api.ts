import type { authApi as authContracts } from "#domain/api/auth";
import type { SuccessBody } from "#domain/api/contract";
import { ApiError, request } from "#web/lib/api-client";

/**
 * The browser's side of sign-in, the session check, e-mail verification and password reset.
 * This module is on every page (the session provider imports it), the contracts are not: they
 * carry zod, which a page without a form must not load, so each call fetches them first.
 * The fallback messages are written here, not imported from #domain/auth, for the same reason.
 */
export type Session = SuccessBody<typeof authContracts.login>;

type AuthContracts = typeof authContracts;

const contracts = async (): Promise<AuthContracts> => (await import("#domain/api/auth")).authApi;

/** A failure says the server's own message when it sent one, else the call's fallback. */
async function call<T>(work: (api: AuthContracts) => Promise<T>, fallback: string): Promise<T> {
  try {
    return await work(await contracts());
  } catch (error) {
    throw new Error(error instanceof ApiError && error.fromServer ? error.message : fallback);
  }
}

export const authApi = {
  login: (email: string, password: string) =>
    call((api) => request(api.login, { body: { email, password } }), "Login failed"),
  /** Ends the session on the server (the browser has already forgotten it): failures are quiet. */
  logout: async (token: string) => {
    await request((await contracts()).logout, {}, { token, signOutOn401: false });
  },
  /** Always refused (accounts are made by the office): fails with the server's message. */
  register: () => call((api) => request(api.register, {}), "Registration failed"),
  /**
   * The session check at start: fails with the ApiError itself, so a 401 (the session is over)
   * can be told apart from a server or network failure.
   */
  me: async () => request((await contracts()).me, {}, { signOutOn401: false }),
  sendVerification: (uid: string) =>
    call(
      (api) => request(api.sendVerification, { body: { uid } }),
      "Failed to send verification email. Please try again later.",
    ),
  verifyCode: (email: string, code: string) =>
    call((api) => request(api.verifyCode, { body: { email, code } }), "Email verification failed"),
  requestPasswordReset: (email: string) =>
    call(
      (api) => request(api.requestPasswordReset, { body: { email } }),
      "Failed to send password reset email",
    ),
  resetPassword: (userId: string, resetCode: string, newPassword: string) =>
    call(
      (api) => request(api.resetPassword, { body: { userId, resetCode, newPassword } }),
      "Failed to reset password",
    ),
};
