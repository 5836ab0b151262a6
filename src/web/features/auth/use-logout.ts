import { useCallback, useRef } from "react";
import { useNavigate } from "react-router";
import { LOGOUT_DELAY_MS, LOGOUT_FALLBACK_DELAY_MS } from "#domain/constants";
import { messages } from "#domain/messages";
import { useAuth } from "./auth-provider";

type Options = {
  redirectTo?: string;
  delayMs?: number;
  message?: string;
  /** Where a failed sign-out goes, and what it says meanwhile: the page's home in its language. */
  fallback?: { to: string; message: string };
};

/**
 * The logout flow: a flag stops a second logout while one runs; sign out, show the message, wait,
 * go to the target. If signing out fails, that is only logged and the visitor still goes to / with
 * 'Redirecting...' after a shorter wait (a page in another language passes its own words and home).
 */
export function useLogout() {
  const { logout, showStatus } = useAuth();
  const navigate = useNavigate();
  const running = useRef(false);

  const run = useCallback(
    async ({
      redirectTo = "/",
      delayMs = LOGOUT_DELAY_MS,
      message = messages.loggingOut,
      fallback = { to: "/", message: "Redirecting..." },
    }: Options = {}) => {
      if (running.current) return;
      running.current = true;
      try {
        showStatus(message);
        logout();
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        navigate(redirectTo, { replace: true });
      } catch (error) {
        console.warn("Sign-out failed", error);
        showStatus(fallback.message);
        await new Promise((resolve) => setTimeout(resolve, LOGOUT_FALLBACK_DELAY_MS));
        navigate(fallback.to, { replace: true });
      } finally {
        running.current = false;
        showStatus(null);
      }
    },
    [logout, navigate, showStatus],
  );

  return { logout: run };
}
