import { zodResolver } from "@hookform/resolvers/zod";
import { LogIn } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { authMessages, type LoginInput, loginSchema, verificationBanner } from "#domain/auth";
import { messages } from "#domain/messages";
import { Button } from "../components/ui/button";
import { TextField } from "../components/ui/form-field";
import { errorMessage, useAuth } from "../features/auth/auth-provider";
import { AuthCard, Banner } from "../features/auth/components/auth-card";
import { FullScreenStatus } from "../features/auth/components/full-screen-status";
import { homeOf } from "../features/auth/components/protected-page";
import { privatePageMeta } from "../lib/meta";

export const meta = () => privatePageMeta("Staff Login");

/**
 * /login. Only administrators may sign in here: anyone else is told 'Access Denied' and signed out
 * again. A signed-in visitor is sent to their home.
 */
export default function Login() {
  const { user, ready, login, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const from = (location.state as { from?: string } | null)?.from;
  const banner = verificationBanner(params);

  useEffect(() => {
    if (ready && user && !isSubmitting)
      navigate(user.role === "admin" ? (from ?? "/admin-dashboard") : homeOf(user.role), {
        replace: true,
      });
  }, [user, ready, isSubmitting, from, navigate]);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      const signedIn = await login(email, password);
      if (signedIn.role !== "admin") {
        logout();
        setFailure({ title: "Access Denied", text: authMessages.adminsOnly });
      }
    } catch (error) {
      setFailure({ title: "Login Failed", text: errorMessage(error) });
    }
  });

  if (!ready) return <FullScreenStatus message={messages.loading} />;

  return (
    <AuthCard
      title="Staff Login"
      subtitle="Sign in to manage listings, inquiries and tenant files."
    >
      {banner ? <Banner tone={banner.tone}>{banner.text}</Banner> : null}
      {failure ? (
        <Banner tone="error" title={failure.title}>
          {failure.text}
        </Banner>
      ) : null}
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
        <Button type="submit" size="lg" disabled={isSubmitting}>
          <LogIn aria-hidden="true" />
          {isSubmitting ? "Signing in..." : "Sign In"}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm">
        <Link to="/reset-password" className="font-semibold text-primary hover:underline">
          Forgot your password?
        </Link>
      </p>
    </AuthCard>
  );
}
