import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { focusMainContent } from "../focus-main-content";

/** Long enough for the new page's title and content to be committed and painted. */
const SETTLE_MS = 100;

/**
 * Screen-reader optimised mode: a page change in this single-page app is silent for a screen
 * reader (no page load). When `enabled`, each change is announced by the new page's title and
 * focus moves to its main content, where reading continues, as after a real page load.
 */
export function RouteAnnouncer({ enabled }: { enabled: boolean }) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  const [message, setMessage] = useState("");
  useEffect(() => {
    if (pathname === previous.current) return;
    previous.current = pathname;
    if (!enabled) return;
    const timer = window.setTimeout(() => {
      setMessage(document.title);
      focusMainContent();
    }, SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, enabled]);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {message}
    </div>
  );
}
