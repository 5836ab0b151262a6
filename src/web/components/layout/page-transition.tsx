import type { ReactNode } from "react";
import { useLocation } from "react-router";

/**
 * The page-change fade and slide: a new key per path replays the entry animation. The
 * reduced-motion rule in app.css turns it off for visitors who ask for less motion.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div key={pathname} className="animate-page-in" data-testid="page-transition">
      {children}
    </div>
  );
}
