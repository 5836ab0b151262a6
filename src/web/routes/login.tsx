import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, LogIn } from "lucide-react";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { type LoginInput, loginSchema, verificationBanner } from "#domain/auth";
import { messages } from "#domain/messages";
import { Button } from "../components/ui/button";
import { TextField } from "../components/ui/form-field";
import { useAuth } from "../features/auth/auth-provider";
import { AuthCard, Banner } from "../features/auth/components/auth-card";
import { FullScreenStatus } from "../features/auth/components/full-screen-status";
import { SecondStepForm } from "../features/auth/components/second-step-form";
import { homeOf } from "../features/auth/session-pages";
import { useSignIn } from "../features/auth/use-sign-in";
import { privatePageMeta } from "../lib/meta";

export const meta = () => privatePageMeta("Staff Login");

/**
 * /login. Only administrators may sign in here: anyone else is told 'Access Denied' and signed out
 * again. A signed-in visitor is sent to their home. An account with a second step is asked for
 * it in place of the form (a code, a recovery code or a passkey); a passkey also signs in alone.
 * An administrator the office requires to add a second step goes to the security page to add it.
 */
export default function Login() {
  const { user, ready } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const from = (location.state as { from?: string } | null)?.from;
  const banner = verificationBanner(params);
  const { step, failure, pending, enrollmentRequired } = signIn;

  useEffect(() => {
    if (!ready || !user || isSubmitting || pending) return;
    const home = user.role === "admin" ? (from ?? "/admin-dashboard") : homeOf(user.role);
    navigate(enrollmentRequired ? "/account/security?enrol=required" : home, { replace: true });
  }, [user, ready, isSubmitting, pending, enrollmentRequired, from, navigate]);

  // Back from the second step (by choice or because it expired): the password again, from empty.
  const wasSecondStep = useRef(false);
  useEffect(() => {
    if (step.name === "second-step") wasSecondStep.current = true;
    else if (wasSecondStep.current) {
      wasSecondStep.current = false;
      form.resetField("password");
      form.setFocus("password");
    }
  }, [step, form]);

  const onSubmit = form.handleSubmit(({ email, password }) => signIn.withPassword(email, password));

  if (!ready) return <FullScreenStatus message={messages.loading} />;

  const failureBanner = failure ? (
    <Banner tone="error" title={failure.title}>
      {failure.text}
    </Banner>
  ) : null;

  if (step.name === "second-step")
    return (
      <AuthCard
        title="Two-step sign-in"
        subtitle="Your account has a second sign-in step. Confirm it is you to finish signing in."
      >
        {failureBanner}
        <SecondStepForm
          methods={step.methods}
          pending={pending}
          codeError={signIn.codeError}
          notice={signIn.notice}
          onCode={signIn.withCode}
          onPasskey={signIn.withPasskey}
          onBack={signIn.backToPassword}
        />
      </AuthCard>
    );

  return (
    <AuthCard
      title="Staff Login"
      subtitle="Sign in to manage listings, inquiries and tenant files."
    >
      {banner ? <Banner tone={banner.tone}>{banner.text}</Banner> : null}
      {failureBanner}
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Staff Login">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <Button type="submit" size="lg" disabled={isSubmitting || pending}>
          <LogIn aria-hidden="true" />
          {isSubmitting ? "Signing in..." : "Sign In"}
        </Button>
      </form>
      {/* A passkey alone signs in too: the browser offers the passkeys it holds for this site. */}
      <div className="mt-4 grid gap-2">
        <p aria-hidden="true" className="text-center text-sm text-muted-foreground">
          or
        </p>
        <Button
          variant="outline"
          size="lg"
          disabled={isSubmitting || pending}
          onClick={() => void signIn.withPasskey()}
        >
          <KeyRound aria-hidden="true" />
          {pending && !isSubmitting ? "Waiting for your passkey..." : "Sign in with a passkey"}
        </Button>
        <p role="status" className="text-center text-sm text-muted-foreground">
          {signIn.notice}
        </p>
      </div>
      <p className="mt-2 text-center text-sm">
        <Link to="/reset-password" className="font-semibold text-primary hover:underline">
          Forgot your password?
        </Link>
      </p>
      <p className="mt-2 text-center text-sm">
        Tenant?{" "}
        <Link to="/tenant-portal/sign-in" className="font-semibold text-primary hover:underline">
          Email me a sign-in link
        </Link>
      </p>
    </AuthCard>
  );
}
