import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { mfaApi } from "#domain/api/mfa";
import { MFA_MAX_TRIES, mfaMessages } from "#domain/mfa";
import type { Db } from "#server/db/client";
import { AppError, conflict, notFound, tooManyRequests } from "#server/http/errors";
import { route } from "#server/http/route";
import type { MailQueue } from "#server/mail/mail-queue";
import { createOutgoingMailRepository } from "#server/mail/outgoing-mail.repository";
import { isUuid } from "#server/shared/uuid";
import { emailNotVerified } from "../auth/auth.errors";
import type { DeviceCookies } from "../auth/device-cookie";
import { ACCOUNT_RULE, type Bucket, type LoginThrottle } from "../auth/login-throttle";
import { createSessionStore, signInContext } from "../auth/sessions";
import { auditRefusedSignIn, type CompleteSignIn } from "../auth/sign-in";
import { verifyPassword } from "../users/users.password";
import { createUsersRepository, type UserRow } from "../users/users.repository";
import type { Passkeys } from "./passkeys";
import { toPasskey } from "./passkeys";
import {
  passwordIncorrect,
  resetSecondStep,
  type SecondStep,
  secondStepCodeWrong,
  secondStepExpired,
  userHasSecondStep,
} from "./second-step";
import { secondStepFailedEmail, secondStepResetEmail } from "./security-notice.email";

type Deps = {
  db: Db;
  mailQueue: MailQueue;
  publicUrl: string;
  secondStep: SecondStep;
  passkeys: Passkeys;
  throttle: LoginThrottle;
  deviceCookies: DeviceCookies;
  completeSignIn: CompleteSignIn;
  mfaRequired: boolean;
  attemptsPerMinute: number;
};

/**
 * The second sign-in step: the security page's changes (each asks the current password again),
 * the second step of a sign-in, passkey sign-in, and the Staff list's reset of a lost factor.
 */
export const mfaRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    const limited = { rateLimit: deps.attemptsPerMinute };
    const users = createUsersRepository(deps.db);
    const sessions = createSessionStore(deps.db);
    const outgoing = createOutgoingMailRepository(deps.db);

    async function signedInUser(request: FastifyRequest): Promise<UserRow> {
      const user = await users.findById(request.user!.uid);
      if (!user) throw notFound();
      return user;
    }

    /**
     * The current password, asked again before a change to how the account signs in. Guesses
     * count in the account's sign-in bucket: a stolen session cannot try passwords faster here
     * than at the sign-in form.
     */
    async function withPassword(request: FastifyRequest, password: string): Promise<UserRow> {
      const user = await signedInUser(request);
      const bucket: Bucket = { name: `account:${user.email}`, rule: ACCOUNT_RULE };
      const wait = await deps.throttle.take([bucket]);
      if (wait > 0) throw tooManyRequests(wait);
      if (!(await verifyPassword(user.passwordHash, password))) throw passwordIncorrect();
      await deps.throttle.settle({ forgive: [bucket], refund: [] });
      return user;
    }

    const enrolling = (user: UserRow) => {
      // A second step belongs to an address its owner has proven: e-mail verification then
      // never stands in for it (the code it sends is for unverified accounts only).
      if (!user.emailVerified) throw emailNotVerified();
    };

    /**
     * Bucket of second-step tries per account, or per account on a browser it has signed in
     * from before: an attacker's wrong codes elsewhere never slow the owner's browser.
     */
    async function secondStepBucket(request: FastifyRequest, user: UserRow): Promise<Bucket> {
      const device = deps.deviceCookies.read(request);
      const known = device !== null && (await sessions.knownDevice(user.id, device));
      return known
        ? { name: `second-step:${device}:${user.id}`, rule: ACCOUNT_RULE }
        : { name: `second-step:${user.id}`, rule: ACCOUNT_RULE };
    }

    /**
     * A wrong second step from a browser the account does not know means someone has the
     * password: the owner is told, at most once a day.
     */
    async function warnOwner(request: FastifyRequest, user: UserRow, bucket: Bucket) {
      if (bucket.name !== `second-step:${user.id}`) return;
      if (await outgoing.queuedRecently("second_step_failed", user.email, 24)) return;
      const context = signInContext(request, deps.deviceCookies.read(request));
      await deps.mailQueue.send(
        secondStepFailedEmail(
          user.email,
          context,
          new Date(),
          `${deps.publicUrl}/account/security`,
        ),
      );
    }

    route(app, mfaApi.status, async (request) =>
      deps.secondStep.status(request.user!.uid, deps.mfaRequired && request.user!.role === "admin"),
    );

    route(app, mfaApi.totpSetup, async (request) => {
      const user = await withPassword(request, request.body.password);
      enrolling(user);
      return deps.secondStep.startTotp(user);
    });

    route(app, mfaApi.totpConfirm, async (request) => {
      const user = await signedInUser(request);
      enrolling(user);
      const recoveryCodes = await deps.secondStep.confirmTotp(user, request.body.code);
      request.auditEntry = { targetType: "user", targetId: user.id };
      return { recoveryCodes };
    });

    route(app, mfaApi.totpDisable, async (request) => {
      const user = await withPassword(request, request.body.password);
      if (!(await deps.secondStep.disableTotp(user.id))) throw notFound(mfaMessages.totpNotOn);
      request.auditEntry = { targetType: "user", targetId: user.id };
      return { success: true as const, message: mfaMessages.totpDisabled };
    });

    route(app, mfaApi.regenerateRecoveryCodes, async (request) => {
      const user = await withPassword(request, request.body.password);
      const recoveryCodes = await deps.secondStep.regenerateRecoveryCodes(user.id);
      request.auditEntry = { targetType: "user", targetId: user.id };
      return { recoveryCodes };
    });

    route(
      app,
      mfaApi.verify,
      async (request, reply) => {
        const { challengeId, user, tries } = await deps.secondStep.takeTry(request.body.mfaToken);
        const bucket = await secondStepBucket(request, user);
        const wait = await deps.throttle.take([bucket]);
        if (wait > 0) {
          await auditRefusedSignIn(request, user, { step: "second_step" }, true);
          throw tooManyRequests(wait);
        }
        const method = await deps.secondStep.checkAndSpend(challengeId, user, request.body.code);
        if (!method) {
          await auditRefusedSignIn(request, user, { step: "second_step" });
          await warnOwner(request, user, bucket);
          throw tries >= MFA_MAX_TRIES ? secondStepExpired() : secondStepCodeWrong();
        }
        await deps.throttle.settle({ forgive: [bucket], refund: [] });
        return deps.completeSignIn(request, reply, user, method);
      },
      limited,
    );

    route(app, mfaApi.passkeyRegisterOptions, async (request) => {
      const user = await withPassword(request, request.body.password);
      enrolling(user);
      return deps.passkeys.registrationOptions(user);
    });

    route(app, mfaApi.passkeyRegister, async (request) => {
      const user = await signedInUser(request);
      enrolling(user);
      const passkey = await deps.passkeys.register(user, request.body);
      // The account's first second step: recovery codes come with it, as with an app.
      const recoveryCodes = await deps.secondStep.issueFirstRecoveryCodes(user.id);
      request.auditEntry = {
        targetType: "passkey",
        targetId: passkey.id,
        detail: { name: passkey.name },
      };
      return { passkey: toPasskey(passkey), recoveryCodes };
    });

    route(app, mfaApi.passkeyRemove, async (request) => {
      const user = await withPassword(request, request.body.password);
      const removed = await deps.passkeys.remove(user.id, request.params.id);
      if (!removed) throw notFound(mfaMessages.passkeyNotFound);
      await deps.secondStep.dropUnneededRecoveryCodes(user.id);
      request.auditEntry = {
        targetType: "passkey",
        targetId: removed.id,
        detail: { name: removed.name },
      };
      return { success: true as const, message: mfaMessages.passkeyRemoved };
    });

    route(
      app,
      mfaApi.passkeyOptions,
      async (request) => {
        const { mfaToken } = request.body;
        const userId = mfaToken ? await deps.secondStep.peek(mfaToken) : null;
        if (mfaToken && !userId) throw secondStepExpired();
        return deps.passkeys.signInOptions(userId);
      },
      limited,
    );

    route(
      app,
      mfaApi.passkeySignIn,
      async (request, reply) => {
        const { mfaToken, challengeId, credential } = request.body;
        // As the second step, the try counts against the first step's token.
        const challenge = mfaToken ? await deps.secondStep.takeTry(mfaToken) : null;
        try {
          const { user } = await deps.passkeys.signIn({
            challengeId,
            credential,
            userId: challenge?.user.id ?? null,
          });
          if (challenge) await deps.secondStep.spend(challenge.challengeId);
          return await deps.completeSignIn(request, reply, user, "passkey");
        } catch (error) {
          if (error instanceof AppError && error.statusCode === 401) {
            await auditRefusedSignIn(
              request,
              { id: challenge?.user.id ?? null, email: challenge?.user.email ?? null },
              { step: challenge ? "second_step" : "passkey" },
            );
          }
          throw error;
        }
      },
      limited,
    );

    route(app, mfaApi.staff, async () => {
      const admins = (await users.list()).filter((user) => user.role === "admin");
      const staff = await Promise.all(
        admins.map(async (user) => ({
          id: user.id,
          email: user.email,
          displayName: user.displayName,
          emailVerified: user.emailVerified,
          secondStep: await userHasSecondStep(deps.db, user.id),
        })),
      );
      return { staff };
    });

    route(app, mfaApi.resetFactor, async (request) => {
      const { id } = request.params;
      const user = isUuid(id) ? await users.findById(id) : null;
      // Staff only: the list shows administrators, and nobody else's factors are reset here.
      if (user?.role !== "admin") throw notFound("That administrator does not exist.");
      if (user.id === request.user!.uid) {
        throw conflict("Your own second step is changed on your security page.");
      }
      const by = await withPassword(request, request.body.password);
      await resetSecondStep(deps.db, user.id);
      await deps.mailQueue.send(
        secondStepResetEmail(user.email, by.email, new Date(), `${deps.publicUrl}/login`),
      );
      request.log.warn({ uid: user.id, by: request.user!.uid }, "second step reset");
      request.auditEntry = { targetType: "user", targetId: user.id, detail: { email: user.email } };
      return { success: true as const, message: mfaMessages.factorReset };
    });
  };
