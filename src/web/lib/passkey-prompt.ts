import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import type { RequestInput } from "#domain/api/contract";
import type { mfaApi } from "#domain/api/mfa";

/**
 * The browser's passkey prompt, through @simplewebauthn/browser. The library is imported on the
 * first use, so it never weighs on a page that does not ask for a passkey.
 */

/** The prompt ended without a passkey: the person closed it or it timed out. Not a failure. */
export const passkeyPromptClosed = "The passkey prompt was closed.";
export const passkeysUnsupported =
  "This browser cannot use passkeys. Try another browser, or use a code instead.";
const passkeyAlreadyAdded = "This device already has a passkey for this account.";
const passkeyPromptFailed = "The passkey prompt did not work. Please try again.";

/** Thrown for a closed prompt; its message is said quietly (a status, not an alert). */
export class PasskeyPromptClosed extends Error {
  override name = "PasskeyPromptClosed";
  constructor() {
    super(passkeyPromptClosed);
  }
}

const library = () => import("@simplewebauthn/browser");

/**
 * The library's errors in plain words. A closed prompt and an aborted one (another prompt took
 * its place) both come back as a NotAllowedError or AbortError from the browser: the person
 * chose not to go on, so the caller shows a quiet note rather than a red message.
 */
function plainError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(passkeyPromptFailed);
  if (error.name === "NotAllowedError" || error.name === "AbortError")
    return new PasskeyPromptClosed();
  if ("code" in error && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
    return new Error(passkeyAlreadyAdded);
  return new Error(passkeyPromptFailed);
}

async function prompt<T>(
  run: (lib: Awaited<ReturnType<typeof library>>) => Promise<T>,
): Promise<T> {
  const lib = await library();
  if (!lib.browserSupportsWebAuthn()) throw new Error(passkeysUnsupported);
  try {
    return await run(lib);
  } catch (error) {
    throw plainError(error);
  }
}

/** The browser's answer as the API takes it back. */
export type PasskeyCredential = RequestInput<typeof mfaApi.passkeySignIn>["body"]["credential"];

/** The library's answer as plain records, as the contract reads it (copies, not casts). */
function asSent(answer: RegistrationResponseJSON | AuthenticationResponseJSON): PasskeyCredential {
  return {
    ...answer,
    response: { ...answer.response },
    clientExtensionResults: { ...answer.clientExtensionResults },
  };
}

/*
 * The options come from the server as @simplewebauthn/server made them; the contract types them
 * as a plain record (it does not restate the WebAuthn dictionaries), so the casts below only
 * name what they already are.
 */

/** Asks the browser to make a new passkey with the server's registration options. */
export function createPasskey(options: Record<string, unknown>): Promise<PasskeyCredential> {
  return prompt(async (lib) =>
    asSent(
      await lib.startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      }),
    ),
  );
}

/** Asks the browser to sign the server's challenge with one of its passkeys. */
export function signWithPasskey(options: Record<string, unknown>): Promise<PasskeyCredential> {
  return prompt(async (lib) =>
    asSent(
      await lib.startAuthentication({
        optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
      }),
    ),
  );
}
