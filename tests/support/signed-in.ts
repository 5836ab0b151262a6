import { authApi } from "#domain/api/auth";
import type { SessionUser } from "#domain/auth";
import { TOKEN_KEY, USER_KEY } from "#web/features/auth/session-storage";
import { answer, handle } from "./api-mocks";

/** A tenant, as the web tests sign one in. */
export const tina: SessionUser = {
  uid: "t1",
  email: "tina@example.com",
  displayName: "Tina Tenant",
  role: "tenant",
  emailVerified: true,
};

/**
 * A session stored in the browser as a sign-in leaves it (an unsigned token that expires in an
 * hour), and the server's check of it answered: an AuthProvider then starts signed in as `user`.
 */
export function signInForTest(user: SessionUser = tina) {
  const payload = btoa(
    JSON.stringify({ sub: user.uid, exp: Math.floor(Date.now() / 1000) + 3600 }),
  );
  localStorage.setItem(TOKEN_KEY, `h.${payload}.s`);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  answer(handle(authApi.me, () => ({ user })));
}
