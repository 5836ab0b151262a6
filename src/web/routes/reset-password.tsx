import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, MailCheck, Send } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  accountMessages,
  newPasswordFormSchema,
  RESET_REDIRECT_SECONDS,
  requestResetSchema,
} from "#domain/auth";
import { messages } from "#domain/messages";
import { Button, buttonVariants } from "../components/ui/button";
import { TextField } from "../components/ui/form-field";
import { errorMessage, useAuth } from "../features/auth/auth-provider";
import { AuthCard, Banner } from "../features/auth/components/auth-card";
import { FullScreenStatus } from "../features/auth/components/full-screen-status";
import { useRedirectSignedIn } from "../features/auth/use-redirect-signed-in";
import { privatePageMeta } from "../lib/meta";

export const meta = () => privatePageMeta("Reset Password");

function BackToLogin() {
  return (
    <p className="mt-4 text-center text-sm">
      <Link to="/login" className="font-semibold text-primary hover:underline">
        Back to Login
      </Link>
    </p>
  );
}

/** Without a link: the e-mail form, then the e-mail-sent confirmation. */
function RequestLink() {
  const { requestPasswordReset } = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ email: string }>({
    resolver: zodResolver(requestResetSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      setFailure(`Failed to send password reset email: ${errorMessage(error)}`);
    }
  });

  if (sentTo) {
    return (
      <AuthCard title="Check Your Email">
        <Banner tone="success">{`${accountMessages.resetSent} (${sentTo})`}</Banner>
        <p className="text-sm text-muted-foreground">The link works once, for one hour.</p>
        <Button variant="outline" className="mt-4 w-full" onClick={() => setSentTo(null)}>
          Send Another Email
        </Button>
        <BackToLogin />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Reset Password"
      subtitle="Enter your e-mail address and we will send you a reset link."
    >
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Reset Password">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <Button type="submit" size="lg" disabled={isSubmitting}>
          <Send aria-hidden="true" />
          {isSubmitting ? "Sending..." : "Send Reset Link"}
        </Button>
      </form>
      <BackToLogin />
    </AuthCard>
  );
}

/** After a reset: count down 5 seconds, then the login page. */
function ResetDone() {
  const navigate = useNavigate();
  const [left, setLeft] = useState(RESET_REDIRECT_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      navigate("/login", { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate]);
  return (
    <AuthCard title="Password Reset">
      <Banner tone="success">{accountMessages.resetDone}</Banner>
      <p
        aria-live="polite"
        className="text-sm"
      >{`Taking you to the login page in ${left} seconds...`}</p>
      <Link to="/login" className={`${buttonVariants({ size: "lg" })} mt-4 w-full`}>
        Go to Login
      </Link>
    </AuthCard>
  );
}

/** With code and uid: the new password, checked on blur with the server's rules. */
function SetNewPassword({ code, uid }: { code: string; uid: string }) {
  const { resetPassword } = useAuth();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ password: string; confirmPassword: string }>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
    mode: "onBlur",
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await resetPassword(uid, code, password);
      setDone(true);
    } catch (error) {
      setFailure(`Failed to reset password: ${errorMessage(error)}`);
    }
  });

  if (done) return <ResetDone />;
  return (
    <AuthCard
      title="Choose a New Password"
      subtitle="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
    >
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Choose a New Password">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register("confirmPassword")}
        />
        <Button type="submit" size="lg" disabled={isSubmitting}>
          <KeyRound aria-hidden="true" />
          {isSubmitting ? "Saving..." : "Reset Password"}
        </Button>
      </form>
      <BackToLogin />
    </AuthCard>
  );
}

/** /reset-password: request a link, or use one (?code=&uid=) to set a new password. */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const { waiting } = useRedirectSignedIn();
  const code = params.get("code");
  const uid = params.get("uid");
  if (waiting) return <FullScreenStatus message={messages.loading} />;
  if (code === null && uid === null) return <RequestLink />;
  if (!code || !uid) {
    return (
      <AuthCard title="Reset Password">
        <Banner tone="error">{accountMessages.resetLinkInvalid}</Banner>
        <Link
          to="/reset-password"
          className={`${buttonVariants({ variant: "outline", size: "lg" })} w-full`}
        >
          <MailCheck aria-hidden="true" /> Request a new link
        </Link>
        <BackToLogin />
      </AuthCard>
    );
  }
  return <SetNewPassword code={code} uid={uid} />;
}
