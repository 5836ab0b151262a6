import type { SessionUser } from "#domain/auth";
import { sessionEnded } from "#web/lib/session-events";

/** The browser's copy of the session: two keys in localStorage, the token and the user (JSON). */
export const TOKEN_KEY = "jwt_token";
export const USER_KEY = "user_info";

export type StoredSession = { token: string; user: SessionUser };

/** Seconds since the epoch at which the token expires, or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
    return typeof payload.exp === "number" ? payload.exp : null;
  } catch {
    return null;
  }
}

export function clearSession(): void {
  sessionEnded();
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  } catch {
    // Storage unavailable (private mode, disabled): nothing to clear.
  }
}

/**
 * The stored session, checked at start: a missing token, an expired one (or one without exp), a
 * missing or unparsable user record each clear storage and leave the visitor signed out.
 */
export function readSession(nowSeconds = Date.now() / 1000): StoredSession | null {
  let token: string | null;
  let userText: string | null;
  try {
    token = localStorage.getItem(TOKEN_KEY);
    userText = localStorage.getItem(USER_KEY);
  } catch {
    return null;
  }
  const exp = token ? tokenExpiry(token) : null;
  let user: SessionUser | null = null;
  try {
    user = userText ? (JSON.parse(userText) as SessionUser) : null;
  } catch {
    user = null;
  }
  if (!token || exp === null || exp <= nowSeconds || !user || typeof user.uid !== "string") {
    clearSession();
    return null;
  }
  return { token, user };
}

export function writeSession(session: StoredSession): void {
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(USER_KEY, JSON.stringify(session.user));
}

export function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}
