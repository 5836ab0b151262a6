import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck, RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { accountMessages, verificationCodeSchema } from "#domain/auth";
import { z } from "#domain/zod";
import { Button } from "../components/ui/button";
import { TextField } from "../components/ui/form-field";
import { errorMessage, useAuth } from "../features/auth/auth-provider";
import { AuthCard, Banner } from "../features/auth/components/auth-card";
import { ProtectedPage } from "../features/auth/components/protected-page";
import { homeOf } from "../features/auth/session-pages";
import { useLogout } from "../features/auth/use-logout";
import { privatePageMeta } from "../lib/meta";

export const meta = () => privatePageMeta("Verify Your Email");

const REDIRECT_DELAY_MS = 1500;
const formSchema = z.object({ code: verificationCodeSchema });
type Notice = { tone: "success" | "error"; text: string };

function VerifyEmailForm() {
  const { user, verifyEmailCode, sendVerification } = useAuth();
  const { logout } = useLogout();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [resending, setResending] = useState(false);
  const verifying = useRef(false);
  const form = useForm<{ code: string }>({
    resolver: zodResolver(formSchema),
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ code }) => {
    if (!user) return;
    verifying.current = true;
    setNotice(null);
    try {
      const verified = await verifyEmailCode(user.email, code);
      setNotice({
        tone: "success",
        text: "Your e-mail address is verified. Taking you to your dashboard...",
      });
      setTimeout(() => navigate(homeOf(verified.role), { replace: true }), REDIRECT_DELAY_MS);
    } catch (error) {
      verifying.current = false;
      setNotice({ tone: "error", text: errorMessage(error) || accountMessages.codeInvalid });
    }
  });

  const resend = async () => {
    if (!user) return;
    setResending(true);
    try {
      await sendVerification(user.uid);
      setNotice({ tone: "success", text: accountMessages.codeSent });
    } catch {
      setNotice({ tone: "error", text: accountMessages.sendVerificationFailed });
    } finally {
      setResending(false);
    }
  };

  // Already verified (and not by this page just now): straight to the role's dashboard.
  useEffect(() => {
    if (user?.emailVerified && !verifying.current) navigate(homeOf(user.role), { replace: true });
  }, [user, navigate]);

  // A code in the link (?code=123456) is submitted at once; otherwise a first visit gets a code mailed.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !user || user.emailVerified) return;
    started.current = true;
    const code = params.get("code");
    if (code) {
      form.setValue("code", code);
      void submit();
      return;
    }
    const flag = `verification_sent_${user.uid}`;
    if (!sessionStorage.getItem(flag)) {
      sessionStorage.setItem(flag, "1");
      void sendVerification(user.uid).catch(() =>
        setNotice({ tone: "error", text: accountMessages.sendVerificationFailed }),
      );
    }
  }, [user, params, form, submit, sendVerification]);

  return (
    <AuthCard
      title="Verify Your Email"
      subtitle={user ? `We sent a 6-digit code to ${user.email}. Enter it below.` : undefined}
    >
      {notice ? <Banner tone={notice.tone}>{notice.text}</Banner> : null}
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Verify Your Email">
        <TextField
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.code?.message}
          {...form.register("code")}
        />
        <Button type="submit" size="lg" disabled={isSubmitting}>
          <MailCheck aria-hidden="true" />
          {isSubmitting ? "Verifying..." : "Verify Email"}
        </Button>
      </form>
      <div className="mt-4 grid gap-2">
        <Button variant="outline" onClick={() => void resend()} disabled={resending}>
          <RefreshCw aria-hidden="true" />
          {resending ? "Sending..." : "Resend Code"}
        </Button>
        <Button variant="ghost" onClick={() => void logout({ redirectTo: "/login" })}>
          Sign out and use another account
        </Button>
      </div>
    </AuthCard>
  );
}

/** /verify-email: a signed-in user with an unverified e-mail enters the mailed code. */
export default function VerifyEmail() {
  return (
    <ProtectedPage requireVerified={false}>
      <VerifyEmailForm />
    </ProtectedPage>
  );
}
