import type { SecondStepMethod } from "#domain/mfa";

/**
 * What sign-in asks of an account's second step. The mfa module answers it (its
 * createSecondStepGate), handed in where the app is wired (dependencies.ts, modules.ts): mfa
 * builds on auth, and auth never imports mfa.
 */
export type SecondStepGate = {
  /** Whether the user has a second step on: an authenticator app confirmed, or a passkey. */
  isOn(userId: string): Promise<boolean>;
  /**
   * For a user with a second step on, the token that carries this sign-in to it and the methods
   * it offers; null for a user without one.
   */
  challenge(userId: string): Promise<{ mfaToken: string; methods: SecondStepMethod[] } | null>;
};
