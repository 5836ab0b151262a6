import { randomUUID } from "node:crypto";
import {
  APPLICATION_ADULTS_MAX,
  APPLICATION_LINK_DAYS,
  APPLICATION_STARTS_PER_MAILBOX_PER_DAY,
  type ApplicantView,
  type ApplicationInvite,
  type ApplicationSave,
  applicationMessages,
  draftProblems,
  LEAD_PAINT_PAMPHLET_URL,
} from "#domain/applications";
import { unitPlace } from "#domain/i18n/unit-place";
import { localizedPath } from "#domain/locale";
import type { Executor } from "#server/db/client";
import { AppError, conflict, forbidden, isAppError, notFound } from "#server/http/errors";
import type { MailTransaction } from "#server/mail/mail-queue";
import { inviteTenantIn } from "#server/modules/tenants";
import { hashLinkToken, isLinkToken } from "#server/shared/link-token";
import { coApplicantEmail, inviteEmail, receivedEmail } from "./applications.email";
import {
  type ApplicantRow,
  type ApplicationRow,
  applicantsOf,
  findByTokenHash,
  insertApplicant,
  insertApplication,
  listedUnitToApply,
  lockApplicantMailbox,
  markUnitRented,
  onlineStartsSince,
  saveDraft,
  submitPart,
  unitToApply,
  updateApplication,
} from "./applications.repository";
import { type ApplicationDeps, applicationUrl, placeOf } from "./applications.service";

/**
 * The applicant's side: the office's invitation, then each adult's link (no account): the draft
 * saved as they go, the first applicant's household and the other adults they invite, the part
 * submitted, and the offer accepted, which makes them tenants of the unit.
 */

const DAY_MS = 86_400_000;
const linkInvalid = () => notFound(applicationMessages.linkInvalid);

/** What the office's invitation made: the application and its first applicant. */
export async function inviteToApply(
  deps: ApplicationDeps,
  unitId: number,
  input: ApplicationInvite & { lang: "en" | "es" },
  invitedBy: string | null,
): Promise<{ applicationId: string }> {
  return deps.mailQueue.transaction((tx) => inviteIn(deps, tx, unitId, input, invitedBy));
}

/** The invitation inside the caller's transaction (a waiting list invites several at once). */
export async function inviteIn(
  deps: ApplicationDeps,
  tx: MailTransaction,
  unitId: number,
  input: ApplicationInvite & { lang: "en" | "es" },
  invitedBy: string | null,
): Promise<{ applicationId: string }> {
  const unit = await unitToApply(tx, unitId);
  if (!unit) throw notFound(applicationMessages.unitNotFound);
  const application = await insertApplication(tx, {
    unitId,
    place: unitPlace(unit.building, unit.number),
    invitedBy,
  });
  await addApplicant(deps, tx, application, { ...input, primary: true }, null);
  return { applicationId: application.id };
}

/** The unit an Apply Now page applies for, as the public site shows it; null if it does not. */
export async function unitForApplyNow(deps: ApplicationDeps, unitId: number) {
  const unit = await listedUnitToApply(deps, unitId);
  return unit
    ? { id: unit.id, number: unit.number, building: unit.building, address: unit.address }
    : null;
}

/**
 * A unit's Apply Now, with APPLY_NOW=online: the renter gives a name and an address, and the
 * application's link goes to that address (whoever typed it, only its owner can open it). The
 * answer is the same whatever the address: past a mailbox's few starts a day nothing more is
 * started or sent, so the form cannot be used to fill someone's inbox. A unit the public site
 * does not show is 404.
 */
export async function startApplication(
  deps: ApplicationDeps,
  unitId: number,
  input: ApplicationInvite & { lang: "en" | "es" },
): Promise<void> {
  await deps.mailQueue.transaction(async (tx) => {
    const unit = await listedUnitToApply(tx, unitId);
    if (!unit) throw notFound(applicationMessages.unitNotFound);
    await lockApplicantMailbox(tx, input.email);
    const since = new Date(deps.now().getTime() - DAY_MS);
    if ((await onlineStartsSince(tx, input.email, since)) >= APPLICATION_STARTS_PER_MAILBOX_PER_DAY)
      return;
    const application = await insertApplication(tx, {
      unitId,
      place: unitPlace(unit.building, unit.number),
      invitedBy: null,
      source: "online",
      createdAt: deps.now(),
    });
    await addApplicant(deps, tx, application, { ...input, primary: true }, null);
  });
}

/**
 * A paper application, typed in by the office: started for the unit (source `paper`) with the
 * renter as its first applicant, and nothing e-mailed; the answer is the form's path (the
 * renter's own link) for staff to enter the paper's answers into and submit, which tells the
 * renter it arrived. From then on it is an application like any other.
 */
export async function enterPaperApplication(
  deps: ApplicationDeps,
  unitId: number,
  input: ApplicationInvite & { lang: "en" | "es" },
  enteredBy: string | null,
): Promise<{ applicationId: string; formPath: string }> {
  return deps.mailQueue.transaction(async (tx) => {
    const unit = await unitToApply(tx, unitId);
    if (!unit) throw notFound(applicationMessages.unitNotFound);
    const application = await insertApplication(tx, {
      unitId,
      place: unitPlace(unit.building, unit.number),
      invitedBy: enteredBy,
      source: "paper",
    });
    const token = await addApplicant(deps, tx, application, { ...input, primary: true }, null, {
      send: false,
    });
    return {
      applicationId: application.id,
      formPath: localizedPath(`/apply/${token}`, input.lang),
    };
  });
}

/** An adult of the application, with their own link, e-mailed to them (unless typed in from paper). */
async function addApplicant(
  deps: ApplicationDeps,
  tx: MailTransaction,
  application: ApplicationRow,
  input: { name: string; email: string; lang: "en" | "es"; primary: boolean },
  invitedBy: { name: string } | null,
  { send }: { send: boolean } = { send: true },
): Promise<string> {
  const id = randomUUID();
  const token = deps.tokens(id);
  await insertApplicant(tx, {
    id,
    applicationId: application.id,
    primary: input.primary,
    name: input.name,
    email: input.email,
    lang: input.lang,
    tokenHash: hashLinkToken(token),
    linkExpiresAt: new Date(deps.now().getTime() + APPLICATION_LINK_DAYS * DAY_MS),
  });
  if (!send) return token;
  const { place } = await placeOf(tx, application, input.lang);
  const mail = { to: input.email, name: input.name, lang: input.lang, place };
  const url = applicationUrl(deps.publicUrl, token, input.lang);
  await tx.queue(
    invitedBy
      ? coApplicantEmail({ ...mail, url, first: invitedBy.name })
      : inviteEmail({ ...mail, url }),
  );
  return token;
}

/** The applicant a link opens and their application; 404 for a link unknown or expired. */
async function open(deps: ApplicationDeps, token: string, tx?: MailTransaction) {
  if (!isLinkToken(token)) throw linkInvalid();
  const found = await findByTokenHash(tx ?? deps, hashLinkToken(token), tx !== undefined);
  if (!found || found.applicant.linkExpiresAt.getTime() <= deps.now().getTime()) {
    throw linkInvalid();
  }
  return found;
}

async function viewOf(
  deps: { db: Executor },
  applicant: ApplicantRow,
  application: ApplicationRow,
): Promise<ApplicantView> {
  const { unit, place } = await placeOf(deps, application, applicant.lang);
  const adults = applicant.primary
    ? (await applicantsOf(deps, application.id)).filter((a) => !a.primary)
    : [];
  const offer = application.offer;
  return {
    place,
    unit,
    status: application.status,
    applicant: {
      name: applicant.name,
      email: applicant.email,
      lang: applicant.lang,
      primary: applicant.primary,
      submittedAt: applicant.submittedAt?.toISOString() ?? null,
    },
    part: applicant.part,
    household: applicant.primary ? application.household : null,
    adults: adults.map((a) => ({
      name: a.name,
      email: a.email,
      submitted: a.submittedAt !== null,
    })),
    offer:
      offer && application.offeredAt
        ? {
            ...offer,
            offeredAt: application.offeredAt.toISOString(),
            acceptedAt: application.acceptedAt?.toISOString() ?? null,
            leadPaintAcknowledgedAt: application.leadPaintAcknowledgedAt?.toISOString() ?? null,
          }
        : null,
    pamphletUrl: offer?.leadPaint ? LEAD_PAINT_PAMPHLET_URL : null,
    expiresAt: applicant.linkExpiresAt.toISOString(),
  };
}

export async function viewByToken(deps: ApplicationDeps, token: string) {
  const { applicant, application } = await open(deps, token);
  return viewOf(deps, applicant, application);
}

/** The draft as the applicant saved it: their part, and the household for the first one. */
export async function saveByToken(deps: ApplicationDeps, token: string, save: ApplicationSave) {
  return deps.mailQueue.transaction(async (tx) => {
    const { applicant, application } = await open(deps, token, tx);
    if (applicant.submittedAt) throw conflict(applicationMessages.alreadySubmitted);
    if (save.household && !applicant.primary) throw forbidden(applicationMessages.notYours);
    await saveDraft(
      tx,
      { applicantId: applicant.id, applicationId: application.id },
      save.part,
      save.household ?? null,
    );
    const again = await open(deps, token, tx);
    return viewOf({ ...deps, db: tx.db }, again.applicant, again.application);
  });
}

/**
 * Submits the applicant's part, checked whole; the first applicant's submits the application
 * (the office sees it, and the applicant is told it arrived). 400 with each missing answer.
 */
export async function submitByToken(deps: ApplicationDeps, token: string) {
  return deps.mailQueue.transaction(async (tx) => {
    const { applicant, application } = await open(deps, token, tx);
    if (applicant.submittedAt) throw conflict(applicationMessages.alreadySubmitted);
    if (application.status !== "draft" && applicant.primary) {
      throw conflict(applicationMessages.alreadySubmitted);
    }
    const problems = draftProblems(
      { part: applicant.part, household: application.household },
      { withHousehold: applicant.primary },
    );
    if (problems.length > 0) {
      throw new AppError(
        400,
        "incomplete",
        applicationMessages.incomplete,
        problems.map((p) => ({ path: p.path, msg: p.message })),
      );
    }
    const at = deps.now();
    await submitPart(tx, applicant.id, { dateOfBirth: applicant.part.dateOfBirth ?? "", at });
    if (applicant.primary) {
      await updateApplication(tx, application.id, {
        status: "submitted",
        submittedAt: at,
        statusChangedAt: at,
      });
    }
    const { place } = await placeOf(tx, application, applicant.lang);
    await tx.queue(
      receivedEmail({ to: applicant.email, name: applicant.name, lang: applicant.lang, place }),
    );
    const again = await open(deps, token, tx);
    return viewOf({ ...deps, db: tx.db }, again.applicant, again.application);
  });
}

/** The first applicant invites another adult of the household to their own part. */
export async function inviteAdultByToken(
  deps: ApplicationDeps,
  token: string,
  adult: { name: string; email: string },
) {
  return deps.mailQueue.transaction(async (tx) => {
    const { applicant, application } = await open(deps, token, tx);
    if (!applicant.primary) throw forbidden(applicationMessages.notYours);
    if (!["draft", "submitted", "screening"].includes(application.status)) {
      throw conflict(applicationMessages.alreadySubmitted);
    }
    const adults = await applicantsOf(tx, application.id);
    if (adults.some((a) => a.email.toLowerCase() === adult.email.toLowerCase())) {
      throw conflict(applicationMessages.adultTwice);
    }
    if (adults.length > APPLICATION_ADULTS_MAX) throw conflict(applicationMessages.adults);
    await addApplicant(
      deps,
      tx,
      application,
      { ...adult, lang: applicant.lang, primary: false },
      { name: applicant.name },
    );
    const again = await open(deps, token, tx);
    return viewOf({ ...deps, db: tx.db }, again.applicant, again.application);
  });
}

/**
 * The first applicant accepts the offer: for a building before 1978, acknowledging the
 * lead-paint disclosure and pamphlet. Every adult is invited to the tenant portal on the unit,
 * and the unit leaves the public list, in one transaction.
 */
export async function acceptByToken(
  deps: ApplicationDeps,
  token: string,
  acceptance: { leadPaintAcknowledged: boolean },
) {
  return deps.mailQueue.transaction(async (tx) => {
    const { applicant, application } = await open(deps, token, tx);
    if (!applicant.primary) throw forbidden(applicationMessages.notYours);
    if (application.status !== "approved" || !application.offer || application.acceptedAt) {
      throw conflict(applicationMessages.noOffer);
    }
    if (application.unitId === null) throw notFound(applicationMessages.unitNotFound);
    if (application.offer.leadPaint && !acceptance.leadPaintAcknowledged) {
      throw new AppError(400, "bad_request", applicationMessages.leadPaintAcknowledgement, [
        { path: "leadPaintAcknowledged", msg: applicationMessages.leadPaintAcknowledgement },
      ]);
    }
    const at = deps.now();
    await updateApplication(tx, application.id, {
      acceptedAt: at,
      leadPaintAcknowledgedAt: application.offer.leadPaint ? at : null,
    });
    await markUnitRented(tx, application.unitId);
    for (const adult of await applicantsOf(tx, application.id)) {
      try {
        await inviteTenantIn(tx, deps, application.unitId, {
          name: adult.name,
          email: adult.email,
          language: adult.lang,
        });
      } catch (error) {
        // A tenant of another of the agency's units (or a staff address) keeps their account:
        // staff move them in the Tenants tab. Refused before anything was written.
        if (!(isAppError(error) && error.statusCode === 409)) throw error;
      }
    }
    const again = await open(deps, token, tx);
    return viewOf({ ...deps, db: tx.db }, again.applicant, again.application);
  });
}
