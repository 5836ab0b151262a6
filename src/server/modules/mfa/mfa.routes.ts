import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { mfaApi } from "#domain/api/mfa";
import { mfaMessages } from "#domain/mfa";
import type { Db } from "#server/db/client";
import { conflict } from "#server/http/errors";
import { type RouteRequest, route } from "#server/http/route";
import type { MailQueue } from "#server/mail/mail-queue";
import {
  type CompleteSignIn,
  createCodeHasher,
  createEmailProof,
  type DeviceCookies,
  type LoginThrottle,
  signInAttempt,
} from "#server/modules/auth";
import type { MfaDeps } from "./mfa.deps";
import { listStaff, mfaStatus, resetStaffSecondStep } from "./mfa.service";
import {
  addPasskey,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  removePasskey,
  signInWithPasskey,
} from "./passkeys.service";
import { mayEnroll, needsEmailProof, signedInUser } from "./password-check.service";
import { regenerateRecoveryCodes } from "./recovery-codes.service";
import { passSecondStep } from "./second-step.service";
import { createMfaKeys } from "./secret-box";
import { secondStepChangedEmail } from "./security-notice.email";
import { confirmTotp, disableTotp, startTotp } from "./totp.service";

type Deps = MfaDeps & { deviceCookies: DeviceCookies; completeSignIn: CompleteSignIn };
type Request<K extends keyof typeof mfaApi> = RouteRequest<(typeof mfaApi)[K]>;

/**
 * The second sign-in step: the security page's changes (each asks the current password again),
 * the second step of a sign-in, passkey sign-in, and the Staff list's reset of a lost factor.
 */
export const mfaRoutes =
  (wiring: {
    db: Db;
    secret: Uint8Array;
    mailQueue: MailQueue;
    publicUrl: string;
    throttle: LoginThrottle;
    deviceCookies: DeviceCookies;
    completeSignIn: CompleteSignIn;
    mfaRequired: boolean;
    attemptsPerMinute: number;
  }): FastifyPluginAsync =>
  async (app) => {
    const { secret, attemptsPerMinute, ...rest } = wiring;
    const emailProof = createEmailProof({
      db: rest.db,
      mailQueue: rest.mailQueue,
      hasher: createCodeHasher(secret),
    });
    const deps: Deps = { ...rest, emailProof, keys: createMfaKeys(secret), log: app.log };
    const limited = { rateLimit: attemptsPerMinute };
    route(app, mfaApi.status, (request) => mfaStatus(deps, request.user!));
    route(app, mfaApi.enrolmentCode, (request) => enrolmentCode(deps, request));
    route(app, mfaApi.totpSetup, (request) => totpSetup(deps, request));
    route(app, mfaApi.totpConfirm, (request) => totpConfirm(deps, request));
    route(app, mfaApi.totpDisable, (request) => totpDisable(deps, request));
    route(app, mfaApi.regenerateRecoveryCodes, (request) => newCodes(deps, request));
    route(app, mfaApi.verify, (request, reply) => verify(deps, request, reply), limited);
    route(app, mfaApi.passkeyRegisterOptions, (request) => registerOptions(deps, request));
    route(app, mfaApi.passkeyRegister, (request) => register(deps, request));
    route(app, mfaApi.passkeyRemove, (request) => remove(deps, request));
    route(app, mfaApi.passkeyOptions, (request) => signInOptions(deps, request), limited);
    route(app, mfaApi.passkeySignIn, (request, reply) => passkey(deps, request, reply), limited);
    route(app, mfaApi.staff, () => listStaff(deps));
    route(app, mfaApi.resetFactor, (request) => resetFactor(deps, request));
  };

/** The code an administrator's first second step asks for under MFA_REQUIRED, e-mailed. */
async function enrolmentCode(deps: Deps, request: Request<"enrolmentCode">) {
  const user = mayEnroll(await signedInUser(deps, request.user!.uid));
  if (!(await needsEmailProof(deps, user))) throw conflict(mfaMessages.emailCodeNotNeeded);
  await deps.emailProof.send(user);
  return { success: true as const, message: mfaMessages.emailCodeSent };
}

async function totpSetup(deps: Deps, request: Request<"totpSetup">) {
  return startTotp(deps, request.user!.uid, request.body);
}

/** The owner hears of every change to their second step (security-notice.email.ts). */
function tellOwner(deps: Deps, request: { user?: { email: string } }, change: string) {
  return deps.mailQueue.send(
    secondStepChangedEmail(
      request.user!.email,
      change,
      new Date(),
      `${deps.publicUrl}/account/security`,
    ),
  );
}

async function totpConfirm(deps: Deps, request: Request<"totpConfirm">) {
  const answer = await confirmTotp(deps, request.user!.uid, request.body.code);
  request.auditEntry = { targetType: "user", targetId: request.user!.uid };
  await tellOwner(deps, request, "An authenticator app was added to your account");
  return answer;
}

async function totpDisable(deps: Deps, request: Request<"totpDisable">) {
  await disableTotp(deps, request.user!.uid, request.body.password);
  request.auditEntry = { targetType: "user", targetId: request.user!.uid };
  await tellOwner(deps, request, "The authenticator app was removed from your account");
  return { success: true as const, message: mfaMessages.totpDisabled };
}

async function newCodes(deps: Deps, request: Request<"regenerateRecoveryCodes">) {
  const answer = await regenerateRecoveryCodes(deps, request.user!.uid, request.body.password);
  request.auditEntry = { targetType: "user", targetId: request.user!.uid };
  return answer;
}

async function verify(deps: Deps, request: Request<"verify">, reply: FastifyReply) {
  const attempt = signInAttempt(request, deps.deviceCookies.read(request));
  const { user, method } = await passSecondStep(deps, request.body, attempt);
  return deps.completeSignIn(request, reply, user, method);
}

async function registerOptions(deps: Deps, request: Request<"passkeyRegisterOptions">) {
  return passkeyRegistrationOptions(deps, request.user!.uid, request.body);
}

async function register(deps: Deps, request: Request<"passkeyRegister">) {
  const answer = await addPasskey(deps, request.user!.uid, request.body);
  const { id, name } = answer.passkey;
  request.auditEntry = { targetType: "passkey", targetId: id, detail: { name } };
  await tellOwner(deps, request, `A passkey ("${name}") was added to your account`);
  return answer;
}

async function remove(deps: Deps, request: Request<"passkeyRemove">) {
  const { uid } = request.user!;
  const removed = await removePasskey(deps, uid, request.params.id, request.body.password);
  request.auditEntry = {
    targetType: "passkey",
    targetId: removed.id,
    detail: { name: removed.name },
  };
  await tellOwner(deps, request, `A passkey ("${removed.name}") was removed from your account`);
  return { success: true as const, message: mfaMessages.passkeyRemoved };
}

async function signInOptions(deps: Deps, request: Request<"passkeyOptions">) {
  return passkeySignInOptions(deps, request.body.mfaToken);
}

async function passkey(deps: Deps, request: Request<"passkeySignIn">, reply: FastifyReply) {
  const attempt = signInAttempt(request, deps.deviceCookies.read(request));
  const user = await signInWithPasskey(deps, request.body, attempt);
  return deps.completeSignIn(request, reply, user, "passkey");
}

async function resetFactor(deps: Deps, request: Request<"resetFactor">) {
  const by = request.user!.uid;
  const input = { id: request.params.id, by, password: request.body.password };
  const user = await resetStaffSecondStep(deps, input);
  request.log.warn({ uid: user.id, by }, "second step reset");
  request.auditEntry = { targetType: "user", targetId: user.id, detail: { email: user.email } };
  return { success: true as const, message: mfaMessages.factorReset };
}
