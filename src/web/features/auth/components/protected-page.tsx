import { type ReactNode, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import type { SessionUser } from "#domain/auth";
import type { UserRole } from "#domain/roles";
import { useI18n } from "#web/i18n/i18n-provider";
import { useAuth } from "../auth-provider";
import { homeOf, signInPageFor } from "../session-pages";
import { FullScreenStatus } from "./full-screen-status";

type Rule = { roles?: UserRole | UserRole[]; requireVerified?: boolean };

/** Where the protected-page rule sends this visitor from `pathname`, or null when they may stay. */
export function redirectFor(
  user: SessionUser | null,
  { roles, requireVerified = true }: Rule,
  pathname: string,
): string | null {
  if (!user) return signInPageFor(pathname);
  if (requireVerified && !user.emailVerified) return "/verify-email";
  const allowed = roles === undefined ? undefined : Array.isArray(roles) ? roles : [roles];
  if (allowed && !allowed.includes(user.role)) return homeOf(user.role);
  return null;
}

/**
 * The protected-page rule: loading shows 'Loading...'; no user goes to /login (the Spanish
 * portal's visitor to its sign-in page: `signInPageFor`) remembering the page; an unverified e-mail goes to /verify-email (unless the page opts
 * out); a role not allowed goes to the user's own home.
 *
 * The redirect is made once per target from an effect: a <Navigate> element fires again on every
 * render while React Router is still discovering the target route, which loops.
 */
export function ProtectedPage({ children, ...rule }: Rule & { children: ReactNode }) {
  const { user, ready } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useI18n();
  const target = ready ? redirectFor(user, rule, location.pathname) : null;
  // The sign-in page is told where to come back to.
  const anonymous = user === null;
  const from = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (target) navigate(target, { replace: true, state: anonymous ? { from } : undefined });
  }, [target, from, navigate, anonymous]);

  // 'Loading...' in the page's language (the tenant portal has a Spanish page).
  if (!ready || target) return <FullScreenStatus message={t("common.loading")} />;
  return <>{children}</>;
}
