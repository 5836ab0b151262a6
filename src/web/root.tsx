import { type ReactNode, useEffect, useState } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import { localeFromPath } from "#domain/locale";
import { site } from "../domain/site";
import type { Route } from "./+types/root";
// Inlined: ~5 KB compressed, and it saves a render-blocking round trip on a slow phone.
import styles from "./app.css?inline";
import { DeferredToaster } from "./components/layout/deferred-toaster";
import { ErrorScreen } from "./components/layout/error-screen";
import { InlineScript } from "./components/layout/inline-script";
import { NotFoundScreen } from "./components/layout/not-found-screen";
import { AccessibilityBehaviours } from "./features/accessibility/components/accessibility-behaviours";
import { PreferencesBootScript } from "./features/accessibility/components/preferences-boot-script";
import { AuthProvider } from "./features/auth/auth-provider";
import { ConsentBanner } from "./features/consent/components/consent-banner";
import { rootMessages } from "./i18n/catalogue.server";
import { I18nRoot, useI18n } from "./i18n/i18n-provider";
import { metaI18n } from "./i18n/meta";
import { revalidateOnLanguageChange } from "./i18n/revalidate";
import { hasHydrated } from "./lib/browser-store";
import { claimReload, reload } from "./lib/reload-once";
import type { RootData } from "./lib/seo";
import { startAppScript } from "./lib/start-app";

/**
 * The stylesheet is written into the server's HTML only, so the browser bundle need not carry a
 * second copy of the CSS as a string (~10 KB). In the browser it is read back from that <style>:
 * when an error no page handles replaces the whole app, React mounts the layout afresh and
 * writes the element's text again, which must still be the stylesheet.
 */
const SITE_CSS = "site-css";
const inlineStyles = import.meta.env.SSR
  ? styles
  : typeof document === "undefined"
    ? ""
    : (document.getElementById(SITE_CSS)?.textContent ?? "");

// Starts the page's scripts once the page is on screen: its priority photo painted, or else its
// first paint (lib/start-app.ts). Like the stylesheet, its text is in the server's HTML only.
const startApp = import.meta.env.SSR ? startAppScript : "";

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // The page is hydrated (it starts once the page is on screen): `<html data-hydrated>` says that
  // React now answers its buttons. Browser tests wait for it after each page load.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    // The first-paint script below sets the visitor's accessibility attributes on <html> before
    // React hydrates it: they are expected, not a mismatch.
    <html lang={localeFromPath(pathname)} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <PreferencesBootScript />
        <meta name="theme-color" content="#1f5135" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <style
          id={SITE_CSS}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, built by Vite
          dangerouslySetInnerHTML={{ __html: inlineStyles }}
          suppressHydrationWarning
        />
      </head>
      <body>
        {/* The page's words in its language, for the page, its error screen and the toasts. */}
        <I18nRoot>
          {children}
          {/* The routes' own <link>s, after the content (the CSS is inlined above). */}
          <Links />
          {/* Sonner's toaster, mounted on the first press or key: no toast comes before one. */}
          <DeferredToaster />
        </I18nRoot>
        <ScrollRestoration />
        <Scripts />
        {/* After React Router's (inert) module script, which it brings to life. */}
        <InlineScript code={startApp} />
      </body>
    </html>
  );
}

/**
 * The public URL, where Apply Now goes, and the words of the shell (header, footer, banners) in
 * the path's language.
 */
export function loader({ context, request }: Route.LoaderArgs): RootData {
  return {
    publicUrl: context.services.publicUrl,
    applyOnline: context.services.applications.online,
    ...rootMessages(request),
  };
}

/** The shell's words (and the public URL) load again only when a navigation changes the language. */
export const shouldRevalidate = revalidateOnLanguageChange;

export const meta: Route.MetaFunction = (args) => {
  // No words when their request was lost (the page is being loaded again whole).
  if (!args.loaderData) return [];
  const { t } = metaI18n(args);
  return [
    { title: t("common.meta.title") },
    { name: "description", content: t("common.meta.tagline") },
  ];
};

export default function App() {
  return (
    <AuthProvider>
      <Outlet />
      <AccessibilityBehaviours />
      {/* After every page, inside the shared layout or not: the privacy banner is on all of them. */}
      <ConsentBanner />
    </AuthProvider>
  );
}

/**
 * Last line of defence: an error no page handled. It never shows a stack to a visitor. An error
 * that is not the server's answer (data lost on the way during a navigation, a failure in the
 * browser) loads the address again as a whole page, once: the visitor then gets the server's
 * own page or error page rather than a screen without its words. An error already in the
 * server's HTML (seen while the app starts) is shown as it is.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useI18n();
  const answered = isRouteErrorResponse(error);
  // After hydration, an error comes from a navigation (before, it is in the server's HTML).
  const [reloading] = useState(() => hasHydrated() && !answered && claimReload());
  useEffect(() => {
    if (reloading) reload();
  }, [reloading]);
  // The words of the error screen may be the ones lost: nothing is shown until the page is back.
  if (reloading) return null;
  if (answered && error.status === 404) return <NotFoundScreen />;
  return (
    <ErrorScreen
      title={t("common.error.title")}
      message={t("common.error.text", { phone: site.phone })}
    />
  );
}
