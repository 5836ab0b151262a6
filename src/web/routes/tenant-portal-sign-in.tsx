import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { tenantMessages } from "#domain/maintenance";
import { messages } from "#domain/messages";
import { errorMessage, useAuth } from "../features/auth/auth-provider";
import { AuthCard, Banner } from "../features/auth/components/auth-card";
import { FullScreenStatus } from "../features/auth/components/full-screen-status";
import { homeOf } from "../features/auth/components/protected-page";
import { SignInLinkForm } from "../features/tenant-portal/components/sign-in-link-form";
import { ApiError } from "../lib/api-client";
import { privatePageMeta } from "../lib/meta";

export const meta = () => privatePageMeta("Tenant Sign-in");

const signInPath = "/tenant-portal/sign-in";

/** A link the server refused (used, expired, unknown) says so; anything else says what failed. */
function linkFailure(error: unknown): string {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return refused && error.status !== 429 ? tenantMessages.linkInvalid : errorMessage(error);
}

/**
 * /tenant-portal/sign-in: tenants have no password. The form e-mails a single-use link to this
 * page; with the link's `?token=` the page exchanges it for a session (stored as every sign-in
 * stores it) and goes to /tenant-portal. A link that does not work says so above the form, to
 * ask for a new one; the spent token leaves the address either way. A visitor already signed in
 * and without a link goes to their own home; one whose link failed (a used link opened again)
 * sees why, and the way on to their account.
 */
export default function TenantSignIn() {
  const { user, ready, signInWithLink } = useAuth();
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
    signInWithLink(token).then(
      () => navigate("/tenant-portal", { replace: true }),
      (error: unknown) => {
        setFailure(linkFailure(error));
        setExchanging(false);
        navigate(signInPath, { replace: true });
      },
    );
  }, [ready, token, signInWithLink, navigate]);

  // Signed in already: straight home, unless a link just failed (its message stays on screen).
  useEffect(() => {
    if (ready && user && !token && !exchanging && !failure) {
      navigate(homeOf(user.role), { replace: true });
    }
  }, [ready, user, token, exchanging, failure, navigate]);

  if (!ready) return <FullScreenStatus message={messages.loading} />;
  if (exchanging) return <FullScreenStatus message="Signing you in..." />;

  return (
    <AuthCard
      title="Tenant Portal"
      subtitle="Report a repair, follow it and share documents with the office. No password: we e-mail you a link to sign in."
    >
      {failure ? (
        <Banner tone="error" title="Sign-in failed">
          {failure}
        </Banner>
      ) : null}
      {user ? (
        <p className="text-center">
          You are still signed in.{" "}
          <Link to={homeOf(user.role)} className="font-semibold text-primary hover:underline">
            Continue to your account
          </Link>
        </p>
      ) : (
        <SignInLinkForm />
      )}
      <p className="mt-6 text-center text-sm">
        Office staff?{" "}
        <Link to="/login" className="font-semibold text-primary hover:underline">
          Staff Login
        </Link>
      </p>
    </AuthCard>
  );
}
