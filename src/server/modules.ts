import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { NO_BODY_LIMIT } from "#domain/api/contract";
import { API_PREFIX } from "#domain/api/wire";
import { VERIFICATION_CODE_MINUTES } from "#domain/auth";
import { TENANT_FILE_MAX_BYTES, TENANT_FILES_PER_REQUEST_MAX } from "#domain/tenant-files";
import { adminPropertiesRoutes, uploadRoutes } from "#server/modules/admin-properties";
import {
  type AlertRunner,
  adminAlertsRoutes,
  alertsRoutes,
  alertTowns,
  confirm,
  createAlertRunner,
  createManageTokens,
  createRequesterKeys,
  findByConfirmToken,
  findByManageToken,
} from "#server/modules/alerts";
import {
  applicationsRoutes,
  confirmWaitlist,
  createApplicationTokens,
  createWaitlistRunner,
  createWaitlistTokens,
  joinWaitlist,
  leaveWaitlist,
  startApplication,
  unitForApplyNow,
  viewWaitlist,
  type WaitlistRunner,
  waitlistRoutes,
} from "#server/modules/applications";
import { auditRoutes } from "#server/modules/audit";
import {
  accountRoutes,
  authRoutes,
  createCodeHasher,
  createDeviceCookies,
  createLinkTokens,
  createSignIn,
} from "#server/modules/auth";
import { docsRoutes } from "#server/modules/docs";
import { feedsRoutes } from "#server/modules/feeds";
import { healthRoutes } from "#server/modules/health";
import { adminInquiriesRoutes, inquiriesRoutes } from "#server/modules/inquiries";
import { listingsRoutes } from "#server/modules/listings";
import { createPhotoLinks, maintenanceRoutes } from "#server/modules/maintenance";
import { mfaRoutes } from "#server/modules/mfa";
import { notificationsRoutes } from "#server/modules/notifications";
import { outgoingMailRoutes } from "#server/modules/outgoing-mail";
import {
  askForData,
  confirm as confirmPrivacyRequest,
  privacyConfirmation,
  privacyRoutes,
} from "#server/modules/privacy";
import { seoRoutes } from "#server/modules/seo";
import {
  bookingFor,
  book as bookShowing,
  cancelByToken as cancelShowing,
  createShowingRunner,
  createShowingTokens,
  findByToken as findShowing,
  moveByToken as moveShowing,
  type ShowingRunner,
  showingsRoutes,
} from "#server/modules/showings";
import { tenantFilesRoutes } from "#server/modules/tenant-files";
import { tenantsRoutes } from "#server/modules/tenants";
import type { AppDeps } from "./app-deps";
import type { Services } from "./dependencies";
import { isAppError, notFound } from "./http/errors";
import type {
  AlertPages,
  ApplicationPages,
  PrivacyRequestPages,
  ShowingPages,
  WaitlistPages,
} from "./http/web-services";
import { lineLog } from "./platform";
import { serveUploads } from "./storage/uploads-routes";

declare module "fastify" {
  interface FastifyInstance {
    /** Sends listing alerts; tests run a pass at a clock of their choosing. */
    alertRunner: AlertRunner;
    /** Lets unconfirmed showing requests go and sends reminders; tests run a pass. */
    showingRunner: ShowingRunner;
    /** Asks waiting lists every six months and removes the silent; tests run a pass. */
    waitlistRunner: WaitlistRunner;
  }
}

/**
 * Every module's routes, each registered from its contracts (src/domain/api), then the uploaded
 * photos as files and the JSON 404 for any other API path.
 */
export async function registerModules(app: FastifyInstance, deps: AppDeps, services: Services) {
  const { config, database } = deps;
  const { db } = database;
  const { mailQueue, secret, tokens, secondStep, throttle, cache, store, scratchDir } = services;
  const { publicUrl, authAttemptsPerMinute: attemptsPerMinute } = config;

  await app.register(healthRoutes({ database, store, redis: services.redis }));
  if (config.benchBaseline) {
    // The benchmark's baseline (BENCH_BASELINE only, never in production or tests): the cheapest
    // route this process can serve, through the same hooks as every other, so ratios are fair.
    app.get("/api/bench/baseline", async () => ({ ok: true, service: "rentals" }));
  }
  const deviceCookies = createDeviceCookies(secret, {
    secure: new URL(publicUrl).protocol === "https:",
  });
  const completeSignIn = createSignIn({ db, tokens, deviceCookies, mailQueue, publicUrl });
  const { mfaRequired } = config;
  await app.register(
    authRoutes({
      db,
      throttle,
      deviceCookies,
      secondStep,
      completeSignIn,
      mfaRequired,
      attemptsPerMinute,
    }),
  );
  await app.register(
    mfaRoutes({
      db,
      mailQueue,
      publicUrl,
      secret,
      throttle,
      deviceCookies,
      completeSignIn,
      mfaRequired,
      attemptsPerMinute,
    }),
  );
  await app.register(
    accountRoutes({
      db,
      mailQueue,
      tokens,
      verifyLinks: createLinkTokens(secret, "rentals:verify-email", VERIFICATION_CODE_MINUTES, [
        "uid",
        "codeId",
      ]),
      hasher: createCodeHasher(secret),
      deviceCookies,
      publicUrl,
      attemptsPerMinute,
    }),
  );
  await app.register(listingsRoutes({ db, cache }));
  await app.register(seoRoutes({ db, publicUrl, cache }));
  await app.register(feedsRoutes({ db, cache, publicUrl }));
  await app.register(
    inquiriesRoutes({ db, mailQueue, publicUrl, perMinute: config.inquiriesPerMinute }),
  );
  // Listing alerts: the routes, and the runner that matches new listings and sends the alerts
  // (every 30 s, and soon after any change staff make to the listings).
  const alertDeps = {
    db,
    mailQueue,
    publicUrl,
    manageToken: createManageTokens(secret),
    requesterKey: createRequesterKeys(secret),
    now: deps.clock ?? (() => new Date()),
  };
  await app.register(alertsRoutes(alertDeps));
  const alertPages: AlertPages = {
    towns: () => cache.get("web:alert-towns", () => alertTowns({ db })),
    confirmation: (token) => findByConfirmToken(alertDeps, token),
    confirm: async (token) => {
      const confirmed = await confirm(alertDeps, token);
      return confirmed === "used" || confirmed === null
        ? confirmed
        : { manageToken: confirmed.manageToken };
    },
    find: async (token) => {
      const found = await findByManageToken(alertDeps, token);
      if (!found) return null;
      const { manageToken: _, ...subscription } = found;
      return subscription;
    },
  };
  const alertRunner = createAlertRunner({ ...alertDeps, log: lineLog(app) });
  app.decorate("alertRunner", alertRunner);
  cache.onInvalidate(() => alertRunner.wake());
  app.addHook("onReady", async () => alertRunner.start());
  // Before the mail queue stops (hooks run in reverse order of adding).
  app.addHook("onClose", () => alertRunner.stop());

  // The tenant portal's way in and staff's management of tenants; everyone's notifications.
  const now = deps.clock ?? (() => new Date());
  await app.register(
    tenantsRoutes({ db, mailQueue, publicUrl, now, completeSignIn, attemptsPerMinute }),
  );
  await app.register(notificationsRoutes({ db }));
  const applyOnline = config.applyNow === "online";
  const showingDeps = {
    db,
    mailQueue,
    publicUrl,
    now,
    tokens: createShowingTokens(secret),
    applyOnline,
  };
  await app.register(showingsRoutes(showingDeps));
  const applicationDeps = {
    db,
    mailQueue,
    publicUrl,
    now,
    tokens: createApplicationTokens(secret),
  };
  await app.register(applicationsRoutes({ ...applicationDeps, applyOnline }));
  const applicationPages: ApplicationPages = {
    online: applyOnline,
    unit: async (unitId) => (applyOnline ? unitForApplyNow(applicationDeps, unitId) : null),
    start: async (unitId, input) =>
      applyOnline &&
      (await nullWhenGone(startApplication(applicationDeps, unitId, input).then(() => true))) !==
        null,
  };
  const waitlistDeps = { ...applicationDeps, waitlistTokens: createWaitlistTokens(secret) };
  await app.register(waitlistRoutes(waitlistDeps));
  // Waiting lists: the six-month question and the removal of the silent, hourly.
  const waitlistRunner = createWaitlistRunner({ ...waitlistDeps, log: lineLog(app) });
  const waitlistPages: WaitlistPages = {
    join: async (propertyId, input) =>
      (await nullWhenGone(joinWaitlist(waitlistDeps, propertyId, input))) !== null,
    find: (token) => nullWhenGone(viewWaitlist(waitlistDeps, token)),
    confirm: (token) => nullWhenGone(confirmWaitlist(waitlistDeps, token)),
    leave: async (token) => (await nullWhenGone(leaveWaitlist(waitlistDeps, token))) !== null,
  };
  app.decorate("waitlistRunner", waitlistRunner);
  app.addHook("onReady", async () => waitlistRunner.start());
  app.addHook("onClose", () => waitlistRunner.stop());
  // Requests let go after 24 hours, reminders a day and two hours before: every minute.
  const showingRunner = createShowingRunner({ ...showingDeps, log: lineLog(app) });
  app.decorate("showingRunner", showingRunner);
  app.addHook("onReady", async () => showingRunner.start());
  app.addHook("onClose", () => showingRunner.stop());
  const showingPages: ShowingPages = {
    find: (token) => findShowing(showingDeps, token),
    cancel: (token) => cancelShowing(showingDeps, token),
    move: (token, start) => moveShowing(showingDeps, token, start),
    booking: (unitId) => bookingFor(showingDeps, unitId),
    book: (unitId, input) => bookShowing(showingDeps, unitId, input),
  };

  // Multipart bodies (photos, tenant documents), for the routes registered from here on only:
  // the JSON routes above answer a multipart body 415. These are the outer bounds; each route
  // sets its own smaller file size and count when it reads the parts.
  await app.register(multipart, {
    limits: {
      fileSize: TENANT_FILE_MAX_BYTES,
      files: TENANT_FILES_PER_REQUEST_MAX,
      parts: TENANT_FILES_PER_REQUEST_MAX + 20,
      fields: 20,
      fieldSize: 16 * 1024,
      headerPairs: 200,
    },
  });
  await app.register(adminPropertiesRoutes({ db, store }));
  await app.register(uploadRoutes({ db, store }));
  await app.register(tenantFilesRoutes({ db, mailQueue, secret, store, scratchDir, publicUrl }));
  await app.register(
    maintenanceRoutes({
      db,
      mailQueue,
      store,
      photoLinks: createPhotoLinks(secret),
      publicUrl,
      now,
    }),
  );
  await app.register(adminInquiriesRoutes({ db }));
  await app.register(adminAlertsRoutes({ db, now: alertDeps.now }));
  await app.register(outgoingMailRoutes({ db, mailQueue }));
  await app.register(auditRoutes({ db }));
  const privacyDeps = { db, store, mailQueue, publicUrl, now };
  await app.register(privacyRoutes(privacyDeps));
  const privacyPages: PrivacyRequestPages = {
    ask: (input) => askForData(privacyDeps, input),
    confirmation: (token) => privacyConfirmation(privacyDeps, token),
    confirm: (token) => confirmPrivacyRequest(privacyDeps, token),
  };
  registerMailMetrics(app, mailQueue);
  await app.register(docsRoutes({ publicUrl }));
  await serveUploads(app, store);

  // An unknown API path is a JSON 404, never the web app's HTML page. It is answered before
  // any body is read (after the rate limit has counted it); what a client sent anyway is
  // dropped up to a small limit, never parsed.
  app.all(
    `${API_PREFIX}*`,
    {
      bodyLimit: NO_BODY_LIMIT,
      preParsing: async () => {
        throw notFound();
      },
    },
    // Never reached: preParsing has answered.
    async () => undefined,
  );
  return { alertPages, privacyPages, showingPages, waitlistPages, applicationPages };
}

/** A page's read or write of a link: its "not found" is null (pages know no server errors). */
async function nullWhenGone<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (isAppError(error) && error.statusCode === 404) return null;
    throw error;
  }
}

/** The mail queue's state at each scrape, for the alerts docs/metrics.md lists. */
function registerMailMetrics(app: FastifyInstance, mailQueue: Services["mailQueue"]) {
  app.metrics.gauge({
    name: "mail_queue_depth",
    help: "E-mail messages queued and not yet sent",
    collect: async () => (await mailQueue.backlog()).queued,
  });
  app.metrics.gauge({
    name: "mail_queue_failed_messages",
    help: "E-mail messages marked failed (after their last try), until staff retry them",
    collect: async () => (await mailQueue.backlog()).failed,
  });
  app.metrics.gauge({
    name: "mail_queue_oldest_age_seconds",
    help: "Age of the oldest queued e-mail message; 0 when none waits",
    collect: async () => {
      const { oldest } = await mailQueue.backlog();
      return oldest === null ? 0 : Math.max(0, (Date.now() - oldest.getTime()) / 1000);
    },
  });
}
