import { type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * The page-change fade and slide, on client-side navigations only: the first, server-rendered
 * page shows at once (an entry animation would hold back its first paint). A new key per path
 * replays the animation; the reduced-motion rule in app.css turns it off.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  const [navigated, setNavigated] = useState(false);
  useEffect(() => {
    if (pathname !== firstPath.current) setNavigated(true);
  }, [pathname]);
  return (
    <div
      key={pathname}
      className={navigated ? "animate-page-in" : undefined}
      data-testid="page-transition"
    >
      {children}
    </div>
  );
}
