import { ageOn, refusedCharge, refusedDeposit } from "#domain/application-charges";
import {
  type AdminApplication,
  type AdminApplicationDetail,
  type AdminApplicationsQuery,
  type ApplicationDecision,
  type ApplicationOffer,
  type ApplicationOfferRecord,
  applicationDecisionSchema,
  applicationMessages,
  needsLeadPaintDisclosure,
  staffTransitions,
} from "#domain/applications";
import { unitPlace } from "#domain/i18n/unit-place";
import { localizedPath, officeDay } from "#domain/locale";
import { decodeKey, toPage } from "#server/db/keyset";
import { conflict } from "#server/http/errors";
import { isUuid } from "#server/shared/uuid";
import { adverseActionNotice, offerEmail, statusEmail } from "./applications.email";
import {
  applicantsOf,
  countWaiting,
  duplicatedAmong,
  duplicatesOf,
  extendLinks,
  findForOffice,
  insertNotice,
  listForOffice,
  lockApplication,
  noticesOf,
  type OfficeApplicationRow,
  unitToApply,
  updateApplication,
} from "./applications.repository";
import {
  type ApplicationDeps,
  applicationNotFound,
  applicationUrl,
  capToday,
  placeOf,
  refused,
} from "./applications.service";

/**
 * The office's side of applications: the list (paged, searched, duplicates flagged), one
 * application whole, each step of the decision (e-mailed to every adult in their language, a
 * decision resting on a screening report with the adverse-action notice, kept), and the offer.
 */

const DAY_MS = 86_400_000;
/** An offer's link keeps working at least this long. */
const OFFER_LINK_DAYS = 14;

const toWire = (row: OfficeApplicationRow, duplicate: boolean): AdminApplication => ({
  id: row.id,
  status: row.status,
  place: row.place,
  unitId: row.unitId,
  source: row.source,
  name: row.name,
  email: row.email,
  lang: row.lang,
  adults: row.adults,
  duplicate,
  createdAt: row.createdAt.toISOString(),
  submittedAt: row.submittedAt?.toISOString() ?? null,
  statusChangedAt: row.statusChangedAt.toISOString(),
});

export async function listApplications(deps: ApplicationDeps, query: AdminApplicationsQuery) {
  const after = query.cursor ? decodeKey(query.cursor, ["time", "uuid"] as const) : null;
  const [rows, waiting] = await Promise.all([
    listForOffice(deps, { status: query.status, q: query.q }, after, query.limit),
    countWaiting(deps),
  ]);
  const duplicated = await duplicatedAmong(
    deps,
    rows.slice(0, query.limit).map((row) => row.id),
  );
  const page = toPage(
    rows,
    query.limit,
    (row) => [row.key, row.id],
    (row) => toWire(row, duplicated.has(row.id)),
  );
  return { ...page, waiting };
}

/** The oldest adult's age today (the deposit's limit), null until one gave a date of birth. */
const oldestAge = (births: (string | null)[], today: string) => {
  const ages = births.filter((b): b is string => b !== null).map((b) => ageOn(b, today));
  return ages.length ? Math.max(...ages) : null;
};

export async function applicationDetail(
  deps: ApplicationDeps,
  id: string,
): Promise<AdminApplicationDetail> {
  if (!isUuid(id)) throw applicationNotFound();
  const row = await findForOffice(deps, id);
  if (!row) throw applicationNotFound();
  const { application } = row;
  const [adults, notices, duplicates, unit] = await Promise.all([
    applicantsOf(deps, id),
    noticesOf(deps, id),
    duplicatesOf(deps, id),
    application.unitId === null ? null : unitToApply(deps, application.unitId),
  ]);
  const today = officeDay(deps.now());
  const incomes = adults.flatMap((a) => a.part.income ?? []);
  const monthly = incomes.reduce((sum, i) => sum + (i.monthlyAmount ?? 0), 0);
  const vouchers = incomes
    .filter((i) => i.source === "housing_voucher")
    .reduce((sum, i) => sum + (i.monthlyAmount ?? 0), 0);
  const rent = application.offer?.rent ?? unit?.rent ?? null;
  const first = adults.find((a) => a.primary);
  return {
    ...toWire(row, duplicates.length > 0),
    unit,
    household: application.household,
    paperFormPath:
      application.source === "paper" && first && !first.submittedAt
        ? localizedPath(`/apply/${deps.tokens(first.id)}`, first.lang)
        : null,
    applicants: adults.map((a) => ({
      id: a.id,
      primary: a.primary,
      name: a.name,
      email: a.email,
      lang: a.lang,
      part: a.part,
      age: a.dateOfBirth ? ageOn(a.dateOfBirth, today) : null,
      consentedAt: a.consentedAt?.toISOString() ?? null,
      submittedAt: a.submittedAt?.toISOString() ?? null,
    })),
    income: {
      monthly,
      vouchers,
      // The rent less what the vouchers pay: what an income test may look at (CGS 46a-64c).
      tenantShare: rent === null ? null : Math.max(0, rent - vouchers),
    },
    screeningFee: application.screeningFee,
    decision: application.decision,
    notices: notices.map((n) => ({
      id: n.id,
      sentAt: n.sentAt.toISOString(),
      agencyName: n.facts.agencyName,
      body: n.body,
    })),
    offer:
      application.offer && application.offeredAt
        ? {
            ...application.offer,
            offeredAt: application.offeredAt.toISOString(),
            acceptedAt: application.acceptedAt?.toISOString() ?? null,
            leadPaintAcknowledgedAt: application.leadPaintAcknowledgedAt?.toISOString() ?? null,
          }
        : null,
    duplicates: duplicates.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
    allowed: [...staffTransitions[application.status]],
  };
}

/**
 * A step of the decision: checked against where the application stands, a screening fee
 * against the year's cap, and a decision resting on a screening report sent with the notice.
 */
export async function decide(
  deps: ApplicationDeps,
  id: string,
  input: ApplicationDecision,
): Promise<{ before: string; after: AdminApplicationDetail }> {
  if (!isUuid(id)) throw applicationNotFound();
  const decision = applicationDecisionSchema.parse(input);
  const before = await deps.mailQueue.transaction(async (tx) => {
    const application = await lockApplication(tx, id);
    if (!application) throw applicationNotFound();
    const { status } = decision;
    if (!staffTransitions[application.status].includes(status)) {
      throw conflict(applicationMessages.statusNotAllowed(application.status, status));
    }
    if (decision.screeningFee !== undefined) {
      const cap = await capToday({ db: tx.db, now: deps.now });
      const why = refusedCharge({ kind: "screening_fee", amount: decision.screeningFee }, cap);
      if (why) throw refused(why);
    }
    const at = deps.now();
    const reason = decision.reason ?? null;
    await updateApplication(tx, id, {
      status,
      statusChangedAt: at,
      ...(decision.screeningFee === undefined ? {} : { screeningFee: decision.screeningFee }),
      decision: {
        status,
        reason,
        conditions: decision.conditions,
        note: decision.note,
        decidedAt: at.toISOString(),
      },
    });
    const facts = reason === "screening-report" ? decision.adverseAction : undefined;
    for (const adult of await applicantsOf(tx, id)) {
      const notice = facts ? adverseActionNotice(facts, adult.lang) : null;
      if (facts && notice) {
        await insertNotice(tx, {
          applicationId: id,
          applicantId: adult.id,
          facts,
          lang: adult.lang,
          body: notice.join("\n\n"),
          sentAt: at,
        });
      }
      const { place } = await placeOf(tx, application, adult.lang);
      await tx.queue(
        statusEmail({
          to: adult.email,
          name: adult.name,
          lang: adult.lang,
          place,
          status: status as Exclude<typeof status, "draft" | "submitted">,
          reason,
          conditions: decision.conditions,
          note: decision.note,
          notice,
        }),
      );
    }
    return application.status;
  });
  return { before, after: await applicationDetail(deps, id) };
}

/**
 * The offer of the home to an approved application: the deposit within CGS 47a-21's limit (one
 * month's rent when an adult is 62 or older), only charges CGS 47a-4d allows, and the lead-paint
 * disclosure for a building before 1978; e-mailed to the first applicant with the link to accept.
 */
export async function offer(
  deps: ApplicationDeps,
  id: string,
  input: ApplicationOffer,
): Promise<AdminApplicationDetail> {
  if (!isUuid(id)) throw applicationNotFound();
  await deps.mailQueue.transaction(async (tx) => {
    const application = await lockApplication(tx, id);
    if (!application) throw applicationNotFound();
    if (application.status !== "approved" || application.acceptedAt) {
      throw conflict(applicationMessages.offerNotApproved);
    }
    const unit = application.unitId === null ? null : await unitToApply(tx, application.unitId);
    if (!unit) throw conflict(applicationMessages.unitNotFound);
    const adults = await applicantsOf(tx, id);
    const age = oldestAge(
      adults.map((a) => a.dateOfBirth),
      officeDay(deps.now()),
    );
    const cap = await capToday({ db: tx.db, now: deps.now });
    const why =
      refusedDeposit({ rent: input.rent, deposit: input.deposit }, age) ??
      input.charges.map((c) => refusedCharge(c, cap)).find((reason) => reason !== null) ??
      null;
    if (why) throw refused(why);
    const lead = needsLeadPaintDisclosure(unit.yearBuilt);
    if (lead && !input.leadPaint) throw refused(applicationMessages.offerLeadPaint);
    const record: ApplicationOfferRecord = {
      rent: input.rent,
      deposit: input.deposit,
      charges: input.charges,
      leadPaint: lead ? (input.leadPaint ?? null) : null,
    };
    const at = deps.now();
    await updateApplication(tx, id, { offer: record, offeredAt: at });
    await extendLinks(tx, id, new Date(at.getTime() + OFFER_LINK_DAYS * DAY_MS));
    const first = adults.find((a) => a.primary);
    if (first) {
      await tx.queue(
        offerEmail({
          to: first.email,
          name: first.name,
          lang: first.lang,
          place: unitPlace(unit.building, unit.number, first.lang),
          offer: record,
          url: applicationUrl(deps.publicUrl, deps.tokens(first.id), first.lang),
        }),
      );
    }
  });
  return applicationDetail(deps, id);
}
