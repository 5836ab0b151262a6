import type { SessionUser } from "#domain/auth";
import { ApiError, apiRequest } from "#web/lib/api-client";

/** PRODUCT-SPEC.md section 7 (authentication). Each call fails with the server's message or the spec's default. */
export type Session = { token: string; user: SessionUser };

async function call<T>(request: Promise<T>, fallback: string): Promise<T> {
  try {
    return await request;
  } catch (error) {
    throw new Error(error instanceof ApiError && error.fromServer ? error.message : fallback);
  }
}

export const authApi = {
  login: (email: string, password: string) =>
    call(
      apiRequest<Session>("/api/auth/login", { method: "POST", body: { email, password } }),
      "Login failed",
    ),
  register: (fields: Record<string, string>) =>
    call(
      apiRequest<Session & { message: string }>("/api/auth/register", {
        method: "POST",
        body: fields,
      }),
      "Registration failed",
    ),
  /** The session check at start: throws the ApiError itself, so a 401 can be told apart. */
  me: () => apiRequest<{ user: SessionUser }>("/api/auth/me", { signOutOn401: false }),
  sendVerification: (uid: string) =>
    call(
      apiRequest<{ message: string }>("/api/auth/send-verification", {
        method: "POST",
        body: { uid },
      }),
      "Failed to send verification email. Please try again later.",
    ),
  verifyCode: (email: string, code: string) =>
    call(
      apiRequest<Session>("/api/auth/verify-code", { method: "POST", body: { email, code } }),
      "Email verification failed",
    ),
  requestPasswordReset: (email: string) =>
    call(
      apiRequest<{ message: string }>("/api/auth/request-password-reset", {
        method: "POST",
        body: { email },
      }),
      "Failed to send password reset email",
    ),
  resetPassword: (userId: string, resetCode: string, newPassword: string) =>
    call(
      apiRequest<{ message: string }>("/api/auth/reset-password", {
        method: "POST",
        body: { userId, resetCode, newPassword },
      }),
      "Failed to reset password",
    ),
};
