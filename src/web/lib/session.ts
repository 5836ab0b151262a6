import { createContext, useContext } from "react";
import type { SessionUser } from "#domain/auth";

/**
 * Who is signed in, for any part of the site: the auth feature provides it (AuthProvider), the
 * others read it here without depending on that feature. Outside a provider (a component alone in
 * its test) nobody is signed in, and that answer is final.
 */
export type SessionState = {
  user: SessionUser | null;
  /** False until the stored session has been checked once. */
  ready: boolean;
};

export const SessionContext = createContext<SessionState>({ user: null, ready: true });

export function useSession(): SessionState {
  return useContext(SessionContext);
}
