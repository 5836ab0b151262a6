import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { authApi } from "#domain/api/auth";
import { accountMessages } from "#domain/auth";
import { audit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { type RouteRequest, route } from "#server/http/route";
import type { MailQueue } from "#server/mail/mail-queue";
import type { LinkTokens, SessionTokens } from "./auth.tokens";
import type { CodeHasher } from "./code-hash";
import type { DeviceCookies } from "./device-cookie";
import {
  RESET_REQUEST_TASK,
  type ResetRequest,
  requestPasswordReset,
  resetPassword,
  sendResetLink,
} from "./password-reset.service";
import { createResetRequestLimit } from "./reset-request-limit";
import { signInAttempt } from "./sign-in-attempt";
import {
  sendVerification,
  type VerifyLinkClaims,
  verifyCode,
  verifyLink,
} from "./verification.service";

type Deps = {
  db: Db;
  mailQueue: MailQueue;
  tokens: SessionTokens;
  verifyLinks: LinkTokens<VerifyLinkClaims>;
  hasher: CodeHasher;
  deviceCookies: DeviceCookies;
  publicUrl: string;
  attemptsPerMinute: number;
};

type Request<K extends keyof typeof authApi> = RouteRequest<(typeof authApi)[K]>;

/** E-mail verification and password reset: public, limited per address. */
export const accountRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    const limited = { rateLimit: deps.attemptsPerMinute };
    // Reset requests are queued and turned into e-mails by the mail queue's worker.
    const queueRequest = await deps.mailQueue.task<ResetRequest>(
      RESET_REQUEST_TASK,
      (request, tx) => sendResetLink(deps, request, tx),
    );
    // Over its address's limit a reset request gets the same answer, and nothing is queued.
    const resetDeps = { queueRequest, withinAddressLimit: createResetRequestLimit(app) };
    route(app, authApi.sendVerification, (request) => sendCode(deps, request), limited);
    route(app, authApi.verifyCode, (request, reply) => checkCode(deps, request, reply), limited);
    route(
      app,
      authApi.verifyEmailLink,
      (request, reply) => followLink(deps, request, reply),
      limited,
    );
    route(app, authApi.requestPasswordReset, (request) => askReset(resetDeps, request), limited);
    route(app, authApi.resetPassword, (request) => reset(deps, request), limited);
  };

async function sendCode(deps: Deps, request: Request<"sendVerification">) {
  await sendVerification(deps, request.body);
  return { success: true as const, message: accountMessages.codeSent };
}

async function checkCode(deps: Deps, request: Request<"verifyCode">, reply: FastifyReply) {
  const device = deps.deviceCookies.idFor(request);
  const attempt = signInAttempt(request, device.id);
  const session = await verifyCode(deps, request.body, attempt, !device.isNew);
  if (device.isNew) deps.deviceCookies.issue(reply, device.id);
  return session;
}

/** The link in the e-mail: it lands on the login page with the outcome's banner either way. */
async function followLink(deps: Deps, request: Request<"verifyEmailLink">, reply: FastifyReply) {
  try {
    const outcome = request.query.token ? await verifyLink(deps, request.query.token) : "failed";
    return reply.redirect(
      outcome === "verified" ? "/login?verified=true" : "/login?error=verification_failed",
    );
  } catch (error) {
    request.log.error({ err: error }, "verification link failed");
    return reply.redirect("/login?error=server_error");
  }
}

async function askReset(
  deps: {
    queueRequest: (request: ResetRequest) => Promise<void>;
    withinAddressLimit: ReturnType<typeof createResetRequestLimit>;
  },
  request: Request<"requestPasswordReset">,
) {
  if (await deps.withinAddressLimit(request)) {
    await requestPasswordReset(deps, request.body);
  } else {
    request.log.warn({ ip: request.ip }, "password reset over the per-address limit");
  }
  return { success: true as const, message: accountMessages.resetSent };
}

async function reset(deps: Deps, request: Request<"resetPassword">) {
  const user = await resetPassword(deps, request.body);
  request.log.info({ uid: user.id }, "password reset");
  await audit(request, {
    action: "password.reset",
    actor: user,
    targetType: "user",
    targetId: user.id,
  });
  return { success: true as const, message: accountMessages.resetDone };
}
