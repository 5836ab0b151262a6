import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import {
  type AdverseAction,
  APPLICATION_DUPLICATES_SHOWN,
  APPLICATION_NOTICES_SHOWN,
  type ApplicantDraft,
  type ApplicationDecisionRecord,
  type ApplicationOfferRecord,
  type ApplicationSource,
  type ApplicationStatus,
  type HouseholdDraft,
} from "#domain/applications";
import type { Locale } from "#domain/locale";
import type { Executor } from "#server/db/client";
import { afterKey, type KeyPart, timeKey } from "#server/db/keyset";
import { mailboxKey } from "#server/db/mailbox";
import { properties, units } from "#server/modules/properties/properties.table";
import {
  adverseActionNotices,
  applicants,
  applications,
  screeningFeeCaps,
} from "./applications.table";

type Deps = { db: Executor };

/** The most caps the settings answer (one a year: decades of them). */
const CAPS_LISTED = 50;

/** The recorded caps, the latest first. */
export async function listCaps({ db }: Deps) {
  return db
    .select({ appliesFrom: screeningFeeCaps.appliesFrom, screeningFeeCap: screeningFeeCaps.cap })
    .from(screeningFeeCaps)
    .orderBy(desc(screeningFeeCaps.appliesFrom))
    .limit(CAPS_LISTED);
}

/** Records a cap from its day (a second one for the same day replaces it). */
export async function saveCap({ db }: Deps, appliesFrom: string, cap: number) {
  await db
    .insert(screeningFeeCaps)
    .values({ appliesFrom, cap })
    .onConflictDoUpdate({
      target: screeningFeeCaps.appliesFrom,
      set: { cap, updatedAt: new Date() },
    });
}

const unitColumns = {
  id: units.id,
  number: units.unitNumber,
  propertyId: properties.id,
  building: properties.title,
  address: sql<string>`${properties.address} || ', ' || ${properties.city} || ', ' || ${properties.state} || ' ' || ${properties.zipCode}`,
  rent: units.rent,
  bedrooms: units.bedrooms,
  yearBuilt: properties.yearBuilt,
};

/** The unit staff invite someone to apply for (any unit of the agency's, listed or not). */
export async function unitToApply({ db }: Deps, unitId: number) {
  const [row] = await db
    .select(unitColumns)
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(eq(units.id, unitId));
  return row ?? null;
}
export type ApplicationUnit = NonNullable<Awaited<ReturnType<typeof unitToApply>>>;

/** A unit the public site shows (available, in an active building): what Apply Now applies for. */
export async function listedUnitToApply({ db }: Deps, unitId: number) {
  const [row] = await db
    .select(unitColumns)
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(and(eq(units.id, unitId), eq(units.available, true), eq(properties.active, true)));
  return row ?? null;
}

/** An application's first applicant (the one who applied or was invited): the join of lists. */
const firstApplicant = and(
  eq(applicants.applicationId, applications.id),
  eq(applicants.primary, true),
);

/** The mailbox an address reaches, as the caps compare it. */
const mailboxOf = (email: string) => mailboxKey(sql`${email}`);

/** Serializes the starting of applications for one mailbox within the caller's transaction. */
export async function lockApplicantMailbox({ db }: Deps, email: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext('applications:' || ${mailboxOf(email)}))`,
  );
}

/**
 * Applications started from Apply Now since `since` whose first applicant's address reaches the
 * mailbox of `email`: along applications_created_idx, a day's worth of applications at most.
 */
export async function onlineStartsSince({ db }: Deps, email: string, since: Date) {
  const [row] = await db
    .select({ count: count() })
    .from(applications)
    .innerJoin(applicants, firstApplicant)
    .where(
      and(
        sql`${applications.createdAt} > ${since}`,
        eq(applications.source, "online"),
        sql`${mailboxKey(sql`${applicants.email}`)} = ${mailboxOf(email)}`,
      ),
    );
  return row?.count ?? 0;
}

export async function insertApplication(
  { db }: Deps,
  values: {
    unitId: number;
    place: string;
    invitedBy: string | null;
    source?: ApplicationSource;
    /** Apply Now's starts are stamped by the service's clock, which counts a day's of them. */
    createdAt?: Date;
  },
) {
  const [row] = await db.insert(applications).values(values).returning();
  if (!row) throw new Error("The application was not inserted.");
  return row;
}
export type ApplicationRow = typeof applications.$inferSelect;
export type ApplicantRow = typeof applicants.$inferSelect;

export async function insertApplicant(
  { db }: Deps,
  values: {
    id: string;
    applicationId: string;
    primary: boolean;
    name: string;
    email: string;
    lang: Locale;
    tokenHash: string;
    linkExpiresAt: Date;
  },
) {
  const [row] = await db.insert(applicants).values(values).returning();
  if (!row) throw new Error("The applicant was not inserted.");
  return row;
}

/** The applicant a link's token names, with their application (locked with `lock`). */
export async function findByTokenHash({ db }: Deps, tokenHash: string, lock = false) {
  const query = db
    .select({ applicant: applicants, application: applications })
    .from(applicants)
    .innerJoin(applications, eq(applications.id, applicants.applicationId))
    .where(eq(applicants.tokenHash, tokenHash));
  const [row] = await (lock ? query.for("update") : query);
  return row ?? null;
}

/** An application's adults, the first one first. */
export async function applicantsOf({ db }: Deps, applicationId: string) {
  return db
    .select()
    .from(applicants)
    .where(eq(applicants.applicationId, applicationId))
    .orderBy(desc(applicants.primary), asc(applicants.createdAt), asc(applicants.id));
}

export async function saveDraft(
  { db }: Deps,
  ids: { applicantId: string; applicationId: string },
  part: ApplicantDraft,
  household: HouseholdDraft | null,
) {
  const at = new Date();
  await db
    .update(applicants)
    .set({ part, updatedAt: at })
    .where(eq(applicants.id, ids.applicantId));
  // Any adult's save is a step of the application: its retention counts from the latest.
  await db
    .update(applications)
    .set({ ...(household ? { household } : {}), updatedAt: at })
    .where(eq(applications.id, ids.applicationId));
}

export async function submitPart(
  { db }: Deps,
  applicantId: string,
  values: { dateOfBirth: string; at: Date },
) {
  await db
    .update(applicants)
    .set({
      dateOfBirth: values.dateOfBirth,
      consentedAt: values.at,
      submittedAt: values.at,
      updatedAt: values.at,
    })
    .where(eq(applicants.id, applicantId));
}

export async function lockApplication({ db }: Deps, id: string) {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).for("update");
  return row ?? null;
}

export async function updateApplication(
  { db }: Deps,
  id: string,
  values: Partial<{
    status: ApplicationStatus;
    submittedAt: Date;
    statusChangedAt: Date;
    screeningFee: number;
    decision: ApplicationDecisionRecord;
    offer: ApplicationOfferRecord;
    offeredAt: Date;
    acceptedAt: Date;
    leadPaintAcknowledgedAt: Date | null;
  }>,
) {
  await db
    .update(applications)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(applications.id, id));
}

/** Keeps every link of an application working until `until` at least (an offer's). */
export async function extendLinks({ db }: Deps, applicationId: string, until: Date) {
  await db
    .update(applicants)
    .set({ linkExpiresAt: sql`greatest(${applicants.linkExpiresAt}, ${until})` })
    .where(eq(applicants.applicationId, applicationId));
}

export async function insertNotice(
  { db }: Deps,
  values: {
    applicationId: string;
    applicantId: string;
    facts: AdverseAction;
    lang: Locale;
    body: string;
    sentAt: Date;
  },
) {
  await db.insert(adverseActionNotices).values(values);
}

/** An application's notices, the latest first (a decision's few; never many). */
export async function noticesOf({ db }: Deps, applicationId: string) {
  return db
    .select({
      id: adverseActionNotices.id,
      sentAt: adverseActionNotices.sentAt,
      facts: adverseActionNotices.facts,
      body: adverseActionNotices.body,
    })
    .from(adverseActionNotices)
    .where(eq(adverseActionNotices.applicationId, applicationId))
    .orderBy(desc(adverseActionNotices.sentAt))
    .limit(APPLICATION_NOTICES_SHOWN);
}

/** The unit leaves the public list: an applicant accepted it. */
export async function markUnitRented({ db }: Deps, unitId: number) {
  await db
    .update(units)
    .set({ available: false, updatedAt: new Date() })
    .where(eq(units.id, unitId));
}

/**
 * Which of `ids` have another application with an adult of the same address, or of the same
 * name and date of birth, as one of theirs (along applicants_email_idx and
 * applicants_name_birth_idx): a page's worth at a time, never the table.
 */
export async function duplicatedAmong({ db }: Deps, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.execute<{ id: string }>(sql`
    select distinct mine.application_id as id from ${applicants} mine
    join ${applicants} theirs on theirs.application_id <> mine.application_id
      and (lower(theirs.email) = lower(mine.email)
        or (mine.date_of_birth is not null and lower(theirs.name) = lower(mine.name)
            and theirs.date_of_birth = mine.date_of_birth))
    where mine.application_id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return new Set(rows.rows.map((row) => row.id));
}

const officeColumns = {
  id: applications.id,
  status: applications.status,
  place: applications.place,
  unitId: applications.unitId,
  source: applications.source,
  name: applicants.name,
  email: applicants.email,
  lang: applicants.lang,
  adults: sql<number>`(select count(*)::int from ${applicants} a
    where a.application_id = "applications"."id")`,
  createdAt: applications.createdAt,
  submittedAt: applications.submittedAt,
  statusChangedAt: applications.statusChangedAt,
};

/** One page of the office's list, newest first (along applications_created_idx or _status_idx). */
export async function listForOffice(
  { db }: Deps,
  filter: { status: ApplicationStatus | "all"; q: string },
  after: readonly KeyPart[] | null,
  limit: number,
) {
  const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
  return db
    .select({ ...officeColumns, key: timeKey(applications.createdAt) })
    .from(applications)
    .innerJoin(applicants, firstApplicant)
    .where(
      and(
        filter.status === "all" ? undefined : eq(applications.status, filter.status),
        // The first applicant's name or address, or the unit: each along its trigram index
        // (an OR across the join would read both tables whole).
        filter.q
          ? sql`${applications.id} in (
              select s.application_id from ${applicants} s
               where s."primary" and (lower(s.name) like ${pattern} or lower(s.email) like ${pattern})
              union all
              select u.id from ${applications} u where lower(u.place) like ${pattern})`
          : undefined,
        after ? afterKey([applications.createdAt, applications.id], after) : undefined,
      ),
    )
    .orderBy(sql`${applications.createdAt} desc`, sql`${applications.id} desc`)
    .limit(limit + 1);
}
export type OfficeApplicationRow = Omit<Awaited<ReturnType<typeof listForOffice>>[number], "key">;

export async function findForOffice({ db }: Deps, id: string) {
  const [row] = await db
    .select({ ...officeColumns, application: applications })
    .from(applications)
    .innerJoin(applicants, firstApplicant)
    .where(eq(applications.id, id));
  return row ?? null;
}

/** Applications waiting for the office: submitted, not yet screened or decided. */
export async function countWaiting({ db }: Deps): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(applications)
    .where(eq(applications.status, "submitted"));
  return row?.value ?? 0;
}

/**
 * The other applications an application's adults appear on (the 20 latest): from its own adults
 * to the same addresses, or names and dates of birth, along their indexes.
 */
export async function duplicatesOf({ db }: Deps, applicationId: string) {
  const rows = await db.execute<{
    id: string;
    place: string;
    status: ApplicationStatus;
    created_at: string;
  }>(sql`
    select distinct a.id, a.place, a.status, a.created_at
    from ${applicants} mine
    join ${applicants} theirs on theirs.application_id <> mine.application_id
      and (lower(theirs.email) = lower(mine.email)
        or (mine.date_of_birth is not null and lower(theirs.name) = lower(mine.name)
            and theirs.date_of_birth = mine.date_of_birth))
    join ${applications} a on a.id = theirs.application_id
    where mine.application_id = ${applicationId}::uuid
    order by a.created_at desc
    limit ${APPLICATION_DUPLICATES_SHOWN}`);
  return rows.rows.map((row) => ({
    id: row.id,
    place: row.place,
    status: row.status,
    createdAt: new Date(row.created_at),
  }));
}
