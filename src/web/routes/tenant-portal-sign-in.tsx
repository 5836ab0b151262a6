import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { tenantMessages } from "#domain/maintenance";
import { LanguageSwitch } from "../components/layout/language-switch";
import { errorMessage, useAuth } from "../features/auth/auth-provider";
import { AuthCard, Banner } from "../features/auth/components/auth-card";
import { FullScreenStatus } from "../features/auth/components/full-screen-status";
import { homeOf } from "../features/auth/session-pages";
import { SignInLinkForm } from "../features/tenant-portal/components/sign-in-link-form";
import { pageMessages } from "../i18n/catalogue.server";
import { useI18n } from "../i18n/i18n-provider";
import { metaI18n } from "../i18n/meta";
import { translateMessage } from "../i18n/translate-message";
import { ApiError } from "../lib/api-client";
import { privatePageMeta } from "../lib/meta";
import { QueryProvider } from "../lib/query";
import type { Route } from "./+types/tenant-portal-sign-in";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["portal"]);
}

export const meta: Route.MetaFunction = (args) =>
  privatePageMeta(metaI18n(args).t("portal.meta.signIn"));

/** A link the server refused (used, expired, unknown) says so; anything else says what failed. */
function linkFailure(error: unknown): string {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return refused && error.status !== 429 ? tenantMessages.linkInvalid : errorMessage(error);
}

/**
 * /tenant-portal/sign-in (and /es/tenant-portal/sign-in, in Spanish): tenants have no password.
 * The form e-mails a single-use link to this page; with the link's `?token=` the page exchanges
 * it for a session (stored as every sign-in stores it) and goes to the portal, in the page's
 * language. A link that does not work says so above the form, to ask for a new one; the spent
 * token leaves the address either way. A visitor already signed in and without a link goes to
 * their own home (a tenant to the portal's Devices tab with `?tab=devices`); one whose link
 * failed (a used link opened again) sees why, and the way on to their account.
 */
export default function TenantSignIn() {
  const { user, ready, signInWithLink } = useAuth();
  const { t, path, locale } = useI18n();
  const signInPath = path("/tenant-portal/sign-in");
  const home = user ? homeOf(user.role, locale) : null;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token");
  const [exchanging, setExchanging] = useState(Boolean(token));
  const [failure, setFailure] = useState<string | null>(null);
  // A link works once: the exchange runs once per token, even when effects run twice.
  const exchanged = useRef<string | null>(null);

  useEffect(() => {
    if (!ready || !token || exchanged.current === token) return;
    exchanged.current = token;
    setExchanging(true);
    setFailure(null);
    signInWithLink(token, locale).then(
      () => navigate(homeOf("tenant", locale), { replace: true }),
      (error: unknown) => {
        setFailure(linkFailure(error));
        setExchanging(false);
        navigate(signInPath, { replace: true });
      },
    );
  }, [ready, token, signInWithLink, navigate, locale, signInPath]);

  // Signed in already: straight home, unless a link just failed (its message stays on screen).
  // A tenant asked for their Devices tab (the new-browser notice's button) goes on to it.
  const devices = user?.role === "tenant" && params.get("tab") === "devices";
  useEffect(() => {
    if (ready && home && !token && !exchanging && !failure) {
      navigate(devices ? `${home}?tab=devices` : home, { replace: true });
    }
  }, [ready, home, token, exchanging, failure, navigate, devices]);

  if (!ready) return <FullScreenStatus message={t("common.loading")} />;
  if (exchanging) return <FullScreenStatus message={t("portal.signIn.signingIn")} />;

  return (
    <AuthCard title={t("portal.signIn.title")} subtitle={t("portal.signIn.subtitle")}>
      <div className="-mt-2 mb-2 flex justify-center">
        <LanguageSwitch />
      </div>
      {failure ? (
        <Banner tone="error" title={t("portal.signIn.failed")}>
          {translateMessage(t, failure)}
        </Banner>
      ) : null}
      {user ? (
        <p className="text-center">
          {t("portal.signIn.stillSignedIn")}{" "}
          <Link to={home ?? "/"} className="font-semibold text-primary hover:underline">
            {t("portal.signIn.continue")}
          </Link>
        </p>
      ) : (
        <QueryProvider>
          <SignInLinkForm />
        </QueryProvider>
      )}
      <p className="mt-6 text-center text-sm">
        {t("portal.signIn.staff")}{" "}
        <Link to="/login" className="font-semibold text-primary hover:underline">
          {t("portal.signIn.staffLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
