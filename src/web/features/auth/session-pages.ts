import { type Locale, localeFromPath, localizedPath } from "#domain/locale";
import type { UserRole } from "#domain/roles";

/**
 * A signed-in person's own page: the back office for staff (English only), the tenant portal for
 * tenants, in the language given (the portal has a Spanish page).
 */
export function homeOf(role: UserRole, locale: Locale = "en"): string {
  return role === "admin" ? "/admin-dashboard" : localizedPath("/tenant-portal", locale);
}

/**
 * Where someone without a session signs in, from the page they were on: /login (the spec's
 * rule for every protected page), but a Spanish tenant portal page's visitor goes to the
 * portal's own sign-in page in Spanish rather than to the staff's English one.
 */
export function signInPageFor(pathname: string): string {
  const spanishPortal =
    localeFromPath(pathname) === "es" && pathname.startsWith(localizedPath("/tenant-portal", "es"));
  return spanishPortal ? localizedPath("/tenant-portal/sign-in", "es") : "/login";
}
