import { useQuery, useQueryClient } from "@tanstack/react-query";
import { mfaApi } from "#domain/api/mfa";
import type { MfaStatus } from "#domain/mfa";
import { request } from "#web/lib/api-client";
import { createPasskey } from "#web/lib/passkey-prompt";
import { contractQuery, invalidate, useContractMutation } from "#web/lib/query";

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

/** Starts turning on the authenticator app: the secret, shown as a QR code and as text. */
export function useTotpSetup() {
  return useContractMutation(mfaApi.totpSetup, (password: string) => ({ body: { password } }));
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
 * Not a contract mutation: it is two calls with the browser's prompt between them.
 */
export function useAddPasskey() {
  const client = useQueryClient();
  return async ({ name, password }: { name: string; password: string }) => {
    const { challengeId, options } = await request(mfaApi.passkeyRegisterOptions, {
      body: { password },
    });
    const credential = await createPasskey(options);
    try {
      return await request(mfaApi.passkeyRegister, { body: { challengeId, name, credential } });
    } finally {
      void invalidate(client, mfaApi.passkeyRegister.invalidates);
    }
  };
}
