import { useQuery } from "@tanstack/react-query";
import type { RequestInput } from "#domain/api/contract";
import { mfaApi } from "#domain/api/mfa";
import type { MfaStatus } from "#domain/mfa";
import { createPasskey } from "#web/lib/passkey-prompt";
import { contractQuery, useContractMutation } from "#web/lib/query";

type PasskeyRegistration = RequestInput<typeof mfaApi.passkeyRegister>["body"];

/**
 * The signed-in person's second sign-in step: the status, and each change to it. Every change
 * sends the current password again (asked by the "Confirm your password" dialog); the server
 * answers 403 `password_incorrect` for a wrong one.
 */
export function useSecondStepStatus() {
  return useQuery(contractQuery(mfaApi.status, {}));
}

/** True when an authenticator app or a passkey is on. */
export const hasSecondStep = (status: MfaStatus) =>
  status.totp.enabled || status.passkeys.length > 0;

/** What a new second step is started with: the password, and the e-mailed code when asked. */
type EnrolmentInput = { password: string; emailCode?: string };

/**
 * E-mails the code an administrator's first second step asks for when the office requires one
 * (`status.emailCodeNeeded`); answers what to tell them.
 */
export function useSendEnrolmentCode() {
  const send = useContractMutation(mfaApi.enrolmentCode, (_: undefined) => ({}));
  return async () => (await send.mutateAsync(undefined)).message;
}

/** Starts turning on the authenticator app: the secret, shown as a QR code and as text. */
export function useTotpSetup() {
  return useContractMutation(mfaApi.totpSetup, (body: EnrolmentInput) => ({ body }));
}

/** Turns the authenticator app on with a code from it; answers the recovery codes. */
export function useTotpConfirm() {
  return useContractMutation(mfaApi.totpConfirm, (code: string) => ({ body: { code } }));
}

export function useTotpDisable() {
  return useContractMutation(mfaApi.totpDisable, (password: string) => ({ body: { password } }));
}

export function useRegenerateRecoveryCodes() {
  return useContractMutation(mfaApi.regenerateRecoveryCodes, (password: string) => ({
    body: { password },
  }));
}

export function useRemovePasskey() {
  return useContractMutation(
    mfaApi.passkeyRemove,
    ({ id, password }: { id: string; password: string }) => ({
      params: { id },
      body: { password },
    }),
  );
}

/**
 * Adds a passkey: the server's options (the password checked first), the browser's prompt,
 * then the server keeps what the browser made. A closed prompt fails with PasskeyPromptClosed.
 * Two contract mutations with the browser's prompt between them.
 */
export function useAddPasskey() {
  const ceremony = useContractMutation(mfaApi.passkeyRegisterOptions, (body: EnrolmentInput) => ({
    body,
  }));
  const register = useContractMutation(mfaApi.passkeyRegister, (body: PasskeyRegistration) => ({
    body,
  }));
  return async ({ name, ...check }: EnrolmentInput & { name: string }) => {
    const { challengeId, options } = await ceremony.mutateAsync(check);
    const credential = await createPasskey(options);
    return register.mutateAsync({ challengeId, name, credential });
  };
}
