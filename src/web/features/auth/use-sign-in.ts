import { useCallback, useState } from "react";
import { authMessages } from "#domain/auth";
import type { SecondStepMethod } from "#domain/mfa";
import { isRefusal } from "#web/lib/api-client";
import { PasskeyPromptClosed } from "#web/lib/passkey-prompt";
import { errorMessage, type SignInOutcome, useAuth } from "./auth-provider";

export type SignInStep =
  | { name: "password" }
  | { name: "second-step"; mfaToken: string; methods: SecondStepMethod[] };

export type SignInFailure = { title?: string; text: string };

const passwordStep: SignInStep = { name: "password" };

/**
 * The sign-in page's steps: the password, then the second step when the account has one (a code
 * or a passkey), or a passkey alone. Every way in ends the same: an administrator is signed in
 * (and told to add a second step when the office requires one and the account has none);
 * anyone else is told 'Access Denied': the server refuses them a session (or, from an older
 * server, they are signed out again).
 *
 * A wrong code keeps the second step (the server allows a few tries); an expired or used-up
 * sign-in goes back to the password with the server's words. A closed passkey prompt is no
 * failure: it leaves a quiet note.
 */
export function useSignIn() {
  const { login, completeSecondStep, signInWithPasskey, logout } = useAuth();
  const [step, setStep] = useState<SignInStep>(passwordStep);
  const [failure, setFailure] = useState<SignInFailure | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [enrollmentRequired, setEnrollmentRequired] = useState(false);

  const attempt = useCallback(
    async (work: () => Promise<SignInOutcome>) => {
      setFailure(null);
      setCodeError(null);
      setNotice(null);
      setPending(true);
      try {
        const outcome = await work();
        if (outcome.kind === "second-step") {
          setStep({ name: "second-step", mfaToken: outcome.mfaToken, methods: outcome.methods });
        } else if (outcome.user.role !== "admin") {
          logout();
          setStep(passwordStep);
          setFailure({ title: "Access Denied", text: authMessages.adminsOnly });
        } else {
          setEnrollmentRequired(outcome.enrollmentRequired);
        }
      } catch (error) {
        if (error instanceof PasskeyPromptClosed) setNotice(error.message);
        else if (isRefusal(error, "admins_only")) {
          // The server makes no session for a tenant's password (tenants sign in by link).
          setStep(passwordStep);
          setFailure({ title: "Access Denied", text: authMessages.adminsOnly });
        } else if (isRefusal(error, "mfa_code_invalid")) setCodeError(error.message);
        else if (isRefusal(error, "mfa_token_invalid")) {
          setStep(passwordStep);
          setFailure({ text: error.message });
        } else setFailure({ title: "Login Failed", text: errorMessage(error) });
      } finally {
        setPending(false);
      }
    },
    [logout],
  );

  const mfaToken = step.name === "second-step" ? step.mfaToken : undefined;

  return {
    step,
    failure,
    /** The server's words for a wrong code, shown on the code field. */
    codeError,
    /** A quiet note (a closed passkey prompt): a status, not an alert. */
    notice,
    /** True while any attempt runs: the page waits for it before leaving. */
    pending,
    enrollmentRequired,
    withPassword: (email: string, password: string) => attempt(() => login(email, password)),
    withCode: (code: string) =>
      mfaToken ? attempt(() => completeSecondStep(mfaToken, code)) : Promise.resolve(),
    /** The second step's passkey when there is a second step, else a passkey as the only step. */
    withPasskey: () => attempt(() => signInWithPasskey(mfaToken)),
    backToPassword: () => {
      setStep(passwordStep);
      setFailure(null);
      setCodeError(null);
      setNotice(null);
    },
  };
}
