import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import type { SessionUser } from "#domain/auth";
import type { Locale } from "#domain/locale";
import type { MfaChallenge } from "#domain/mfa";
import { ApiError, abortSessionReads, connectSession } from "#web/lib/api-client";
import { SessionContext } from "#web/lib/session";
import { authApi, type Session, type SignInAnswer } from "./api/auth-api";
import { FullScreenStatus } from "./components/full-screen-status";
import { signInPageFor } from "./session-pages";
import { clearSession, readSession, storedToken, writeSession } from "./session-storage";

/**
 * Where a sign-in stands: signed in (`enrollmentRequired` when the office requires a second step
 * and the account has none: the session may only add one), or a second step to take first.
 */
export type SignInOutcome =
  | { kind: "signed-in"; user: SessionUser; enrollmentRequired: boolean }
  | ({ kind: "second-step" } & Pick<MfaChallenge, "mfaToken" | "methods">);

/**
 * The session: a user or none, a loading flag (true at first) and an error. Each action sets
 * loading, clears it either way, and keeps a failure's message.
 */
export type AuthContextValue = {
  user: SessionUser | null;
  /** True while the session is checked at start or an action runs. */
  loading: boolean;
  /** False until the stored session has been checked once: pages wait for this, not for actions. */
  ready: boolean;
  error: string | null;
  /** The password: signs in, or answers the second step the account asks for. */
  login(email: string, password: string): Promise<SignInOutcome>;
  /** The second step with an authenticator or recovery code; the token comes from `login`. */
  completeSecondStep(mfaToken: string, code: string): Promise<SignInOutcome>;
  /** A passkey: the second step (with `login`'s token) or, without one, the only step. */
  signInWithPasskey(mfaToken?: string): Promise<SignInOutcome>;
  /** A tenant's e-mailed sign-in link: its token exchanged for a session, stored as every sign-in. */
  /** A tenant's e-mailed link, opened on a page in `lang`: their e-mails follow it. */
  signInWithLink(token: string, lang: Locale): Promise<SessionUser>;
  /** Always fails with the server's refusal: accounts are made by the office. */
  register(): Promise<SessionUser>;
  verifyEmailCode(email: string, code: string): Promise<SessionUser>;
  sendVerification(uid: string): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  resetPassword(userId: string, code: string, newPassword: string): Promise<void>;
  /** Purely local: both storage keys are cleared. */
  logout(): void;
  clearError(): void;
  updateProfile(): Promise<never>;
  /** A full-screen message ('Logging out...') that outlives the page that asked for it. */
  showStatus(message: string | null): void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : "An unknown error occurred";
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [loading, setLoading] = useState(true);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  // Signed out at once in this browser; the server is told to end the session too, so that the
  // token is refused from then on, wherever a copy of it is.
  const logout = useCallback(() => {
    const token = storedToken();
    abortSessionReads();
    clearSession();
    setUser(null);
    if (token) authApi.logout(token).catch(() => undefined);
  }, []);

  // The stored session is read in the browser only, after hydration (the server has no storage).
  useEffect(() => {
    connectSession({
      token: storedToken,
      onUnauthorized: () => {
        clearSession();
        setUser(null);
        window.location.assign(signInPageFor(window.location.pathname));
      },
    });
    const stored = readSession();
    // In a transition: every part of the page that shows the session (the header's account
    // button, the notification bell) re-renders in slices a tap can interrupt, not in the one
    // task that runs the page's effects right after hydration.
    startTransition(() => {
      setUser(stored?.user ?? null);
      setLoading(false);
      setReady(true);
    });
    // Then checked with the server: a session it no longer accepts (password changed, account
    // gone) ends quietly; a fresh user record (role, verification) replaces the stored one.
    // The answer counts only if the session is still the one checked (no logout or new sign-in since).
    if (stored) {
      const unchanged = () => storedToken() === stored.token;
      authApi
        .me()
        .then(({ user: fresh }) => {
          if (!unchanged()) return;
          writeSession({ token: stored.token, user: fresh });
          setUser(fresh);
        })
        .catch((failure) => {
          if (unchanged() && failure instanceof ApiError && failure.status === 401) {
            clearSession();
            setUser(null);
          }
        });
    }
  }, []);

  const run = useCallback(async <T,>(work: () => Promise<T>): Promise<T> => {
    setLoading(true);
    setError(null);
    try {
      return await work();
    } catch (failure) {
      setError(errorMessage(failure));
      throw failure;
    } finally {
      setLoading(false);
    }
  }, []);

  const signIn = useCallback((session: Session) => {
    writeSession({ token: session.token, user: session.user });
    setUser(session.user);
    return session.user;
  }, []);

  // The answer to a password or a second step: a session is stored as every sign-in stores it;
  // a challenge stores nothing.
  const outcomeOf = useCallback(
    (answer: SignInAnswer): SignInOutcome =>
      "mfaRequired" in answer
        ? { kind: "second-step", mfaToken: answer.mfaToken, methods: answer.methods }
        : {
            kind: "signed-in",
            user: signIn(answer),
            enrollmentRequired: answer.mfaEnrollmentRequired === true,
          },
    [signIn],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading,
      ready,
      error,
      login: (email, password) => run(async () => outcomeOf(await authApi.login(email, password))),
      completeSecondStep: (mfaToken, code) =>
        run(async () => outcomeOf(await authApi.verifySecondStep(mfaToken, code))),
      signInWithPasskey: (mfaToken) =>
        run(async () => outcomeOf(await authApi.signInWithPasskey(mfaToken))),
      signInWithLink: (token, lang) =>
        run(async () => signIn(await authApi.signInWithLink(token, lang))),
      register: () => run(async () => signIn(await authApi.register())),
      verifyEmailCode: (email, code) =>
        run(async () => signIn(await authApi.verifyCode(email, code))),
      sendVerification: (uid) => run(async () => void (await authApi.sendVerification(uid))),
      requestPasswordReset: (email) =>
        run(async () => void (await authApi.requestPasswordReset(email))),
      resetPassword: (userId, code, newPassword) =>
        run(async () => void (await authApi.resetPassword(userId, code, newPassword))),
      logout,
      clearError: () => setError(null),
      updateProfile: () => run(() => Promise.reject(new Error("Not implemented"))),
      showStatus: setStatus,
    }),
    [user, loading, ready, error, run, signIn, outcomeOf, logout],
  );

  const session = useMemo(() => ({ user, ready }), [user, ready]);

  return (
    <AuthContext.Provider value={value}>
      <SessionContext.Provider value={session}>
        {children}
        {status ? <FullScreenStatus message={status} /> : null}
      </SessionContext.Provider>
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
