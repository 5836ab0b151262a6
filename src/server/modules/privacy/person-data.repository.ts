import { and, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { type AuditAction, auditActions } from "#domain/audit";
import {
  HELD_ITEMS_SHOWN,
  type Held,
  type HeldItem,
  privacyRequestKindLabels,
} from "#domain/privacy";
import { auditEvents } from "#server/audit/audit.table";
import type { Db, Executor } from "#server/db/client";
import { mailboxKey } from "#server/db/mailbox";
import { outgoingMail } from "#server/mail/outgoing-mail.table";
import { alertSubscriptions } from "#server/modules/alerts/alerts.table";
import {
  adverseActionNotices,
  applicants,
  applications,
} from "#server/modules/applications/applications.table";
import { waitlistEntries } from "#server/modules/applications/waitlist.table";
import { inquiries } from "#server/modules/inquiries/inquiries.table";
import { maintenanceNoticeUrl } from "#server/modules/maintenance";
import {
  maintenanceComments,
  maintenancePhotos,
  maintenanceRequests,
  type PhotoVariant,
} from "#server/modules/maintenance/maintenance.table";
import { removeEventsLinkingTo } from "#server/modules/notifications";
import { properties } from "#server/modules/properties/properties.table";
import { showings } from "#server/modules/showings/showings.table";
import { documentRequests, tenantFiles } from "#server/modules/tenant-files/tenant-files.table";
import { users } from "#server/modules/users/users.table";
import { forgetRequestsOf } from "./privacy-requests.repository";
import { privacyRequests } from "./privacy-requests.table";

/**
 * One person's rows across the modules' tables, found by their e-mail address (lower-cased, as
 * every table compares it; listing alerts and the mail sent by the mailbox, plus-tags included): counted, the
 * newest shown, read whole for an export, deleted for an erasure. The address is the only key a
 * visitor's data has, so this is the one place that reads every table by it.
 */

type Deps = { db: Executor };
const lower = (column: SQL | typeof inquiries.email) => sql`lower(${column})`;

/** The account of the address, if any. */
export async function accountOf({ db }: Deps, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      displayName: users.displayName,
      createdAt: users.createdAt,
      accessEndedAt: users.accessEndedAt,
      lastSignInAt: users.lastSignInAt,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return row ?? null;
}
export type PersonAccount = NonNullable<Awaited<ReturnType<typeof accountOf>>>;

/** How many rows `where` selects and the newest few, as lines a person recognises. */
async function held<T extends { at: Date }>(
  count: Promise<{ n: number }[]>,
  newest: Promise<T[]>,
  text: (row: T) => string,
): Promise<Held> {
  const [[total], rows] = await Promise.all([count, newest]);
  return {
    count: total?.n ?? 0,
    newest: rows.map((row): HeldItem => ({ at: row.at.toISOString(), text: text(row) })),
  };
}

/** A LIKE pattern that finds `text` anywhere, its own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/** Which rows of each table are the person's. */
export function personRows(email: string, account: PersonAccount | null) {
  const theirs = <C extends typeof tenantFiles.tenantId | typeof maintenanceRequests.tenantId>(
    byEmail: SQL,
    tenantId: C,
  ) => (account ? or(byEmail, eq(tenantId, account.id))! : byEmail);
  return {
    inquiries: sql`${lower(inquiries.email)} = ${email}`,
    showings: sql`lower(${showings.email}) = ${email}`,
    // Their own part of each application (the adults' parts are each their own).
    applications: sql`lower(${applicants.email}) = ${email}`,
    waitlists: sql`lower(${waitlistEntries.email}) = ${email}`,
    alerts: eq(alertSubscriptions.mailbox, mailboxKey(sql`${email}`)),
    documents: theirs(sql`lower(${tenantFiles.tenantEmail}) = ${email}`, tenantFiles.tenantId),
    documentRequests: sql`lower(${documentRequests.tenantEmail}) = ${email}`,
    maintenance: theirs(
      sql`lower(${maintenanceRequests.tenantEmail}) = ${email}`,
      maintenanceRequests.tenantId,
    ),
    // Mail went to the address as each form had it: plus-tagged ones reach the same mailbox.
    mails: eq(outgoingMail.mailbox, mailboxKey(sql`${email}`)),
    privacyRequests: sql`lower(${privacyRequests.email}) = ${email}`,
    // Their own acts, and events whose details name them (a tenant invited, a file shared).
    // (LIKE, not strpos: the trail's trigram indexes answer it; the address's own `%`, `_` and
    // `\` are taken literally.)
    auditEntries: or(
      sql`lower(${auditEvents.actorEmail}) = ${email}`,
      sql`lower(${auditEvents.detail}::text) like ${containing(email)}`,
      sql`lower(${auditEvents.changes}::text) like ${containing(email)}`,
    )!,
  };
}

const n = () => ({ n: count() });

/** What is held about the address, by kind. */
export async function heldAbout({ db }: Deps, email: string, account: PersonAccount | null) {
  const where = personRows(email, account);
  const limit = HELD_ITEMS_SHOWN;
  const [
    inquiriesHeld,
    booked,
    applied,
    waiting,
    alerts,
    documents,
    requests,
    maintenance,
    mails,
    asked,
    audit,
  ] = await Promise.all([
    held(
      db.select(n()).from(inquiries).where(where.inquiries),
      db
        .select({
          at: inquiries.createdAt,
          subject: inquiries.subject,
          message: inquiries.message,
        })
        .from(inquiries)
        .where(where.inquiries)
        .orderBy(desc(inquiries.createdAt))
        .limit(limit),
      (row) => row.subject || row.message.slice(0, 80),
    ),
    held(
      db.select(n()).from(showings).where(where.showings),
      db
        .select({ at: showings.createdAt, startsAt: showings.startsAt, status: showings.status })
        .from(showings)
        .where(where.showings)
        .orderBy(desc(showings.createdAt))
        .limit(limit),
      (row) =>
        `Showing ${row.startsAt.toISOString().slice(0, 16).replace("T", " ")} UTC: ${row.status}`,
    ),
    held(
      db.select(n()).from(applicants).where(where.applications),
      db
        .select({
          at: applicants.createdAt,
          place: applications.place,
          status: applications.status,
        })
        .from(applicants)
        .innerJoin(applications, eq(applications.id, applicants.applicationId))
        .where(where.applications)
        .orderBy(desc(applicants.createdAt))
        .limit(limit),
      (row) => `Application for ${row.place}: ${row.status}`,
    ),
    held(
      db.select(n()).from(waitlistEntries).where(where.waitlists),
      db
        .select({
          at: waitlistEntries.createdAt,
          building: properties.title,
          bedrooms: waitlistEntries.bedrooms,
          status: waitlistEntries.status,
        })
        .from(waitlistEntries)
        .innerJoin(properties, eq(properties.id, waitlistEntries.propertyId))
        .where(where.waitlists)
        .orderBy(desc(waitlistEntries.createdAt))
        .limit(limit),
      (row) => `Waiting list of ${row.building}, ${row.bedrooms} bedrooms: ${row.status}`,
    ),
    held(
      db.select(n()).from(alertSubscriptions).where(where.alerts),
      db
        .select({
          at: alertSubscriptions.createdAt,
          email: alertSubscriptions.email,
          status: alertSubscriptions.status,
          frequency: alertSubscriptions.frequency,
        })
        .from(alertSubscriptions)
        .where(where.alerts)
        .orderBy(desc(alertSubscriptions.createdAt))
        .limit(limit),
      (row) => `${row.email}: ${row.status}, ${row.frequency}`,
    ),
    held(
      db.select(n()).from(tenantFiles).where(where.documents),
      db
        .select({ at: tenantFiles.uploadedAt, name: tenantFiles.originalName })
        .from(tenantFiles)
        .where(where.documents)
        .orderBy(desc(tenantFiles.uploadedAt))
        .limit(limit),
      (row) => row.name,
    ),
    held(
      db.select(n()).from(documentRequests).where(where.documentRequests),
      db
        .select({
          at: documentRequests.createdAt,
          category: documentRequests.category,
          building: documentRequests.propertyName,
        })
        .from(documentRequests)
        .where(where.documentRequests)
        .orderBy(desc(documentRequests.createdAt))
        .limit(limit),
      (row) => `${row.category}, ${row.building}`,
    ),
    held(
      db.select(n()).from(maintenanceRequests).where(where.maintenance),
      db
        .select({ at: maintenanceRequests.createdAt, title: maintenanceRequests.title })
        .from(maintenanceRequests)
        .where(where.maintenance)
        .orderBy(desc(maintenanceRequests.createdAt))
        .limit(limit),
      (row) => row.title,
    ),
    held(
      db.select(n()).from(outgoingMail).where(where.mails),
      db
        .select({ at: outgoingMail.createdAt, subject: outgoingMail.subject })
        .from(outgoingMail)
        .where(where.mails)
        .orderBy(desc(outgoingMail.createdAt))
        .limit(limit),
      (row) => row.subject,
    ),
    held(
      db.select(n()).from(privacyRequests).where(where.privacyRequests),
      db
        .select({
          at: privacyRequests.createdAt,
          kind: privacyRequests.kind,
          confirmedAt: privacyRequests.confirmedAt,
          answeredAt: privacyRequests.answeredAt,
        })
        .from(privacyRequests)
        .where(where.privacyRequests)
        .orderBy(desc(privacyRequests.createdAt))
        .limit(limit),
      (row) =>
        `${privacyRequestKindLabels[row.kind]}: ${
          row.answeredAt ? "answered" : row.confirmedAt ? "open" : "not confirmed"
        }`,
    ),
    held(
      db.select(n()).from(auditEvents).where(where.auditEntries),
      db
        .select({ at: auditEvents.at, action: auditEvents.action })
        .from(auditEvents)
        .where(where.auditEntries)
        .orderBy(desc(auditEvents.id))
        .limit(limit),
      (row) => auditActions[row.action as AuditAction] ?? row.action,
    ),
  ]);
  const accountHeld: Held = account
    ? {
        count: 1,
        newest: [
          {
            at: account.createdAt.toISOString(),
            text:
              account.role === "admin"
                ? "Staff account"
                : account.accessEndedAt
                  ? `Tenant portal account, access ended ${account.accessEndedAt.toISOString().slice(0, 10)}`
                  : "Tenant portal account, active",
          },
        ],
      }
    : { count: 0, newest: [] };
  return {
    inquiries: inquiriesHeld,
    showings: booked,
    applications: applied,
    waitlists: waiting,
    alerts,
    account: accountHeld,
    documents,
    documentRequests: requests,
    maintenance,
    mails,
    privacyRequests: asked,
    auditEntries: audit,
  };
}

/**
 * Rows of one kind for the export, a page at a time in id order after the last page's `key`
 * (null for the first): along the primary key, however many rows the person has.
 */
export const exportPages = {
  inquiries: (db: Db, where: SQL, after: string | null, limit: number) =>
    db
      .select({
        key: sql<string>`${inquiries.id}::text`,
        at: inquiries.createdAt,
        name: inquiries.name,
        email: inquiries.email,
        phone: inquiries.phone,
        subject: inquiries.subject,
        message: inquiries.message,
      })
      .from(inquiries)
      .where(after === null ? where : and(where, sql`${inquiries.id} > ${after}`))
      .orderBy(inquiries.id)
      .limit(limit),
  showings: (db: Db, where: SQL, after: string | null, limit: number) =>
    db
      .select({
        key: sql<string>`${showings.id}::text`,
        at: showings.createdAt,
        startsAt: showings.startsAt,
        endsAt: showings.endsAt,
        status: showings.status,
        name: showings.name,
        email: showings.email,
        phone: showings.phone,
        note: showings.note,
        unitId: showings.unitId,
      })
      .from(showings)
      .where(after === null ? where : and(where, sql`${showings.id} > ${after}`))
      .orderBy(showings.id)
      .limit(limit),
  applications: (db: Db, where: SQL, after: string | null, limit: number) =>
    db
      .select({
        key: sql<string>`${applicants.id}::text`,
        at: applicants.createdAt,
        place: applications.place,
        status: applications.status,
        firstApplicant: applicants.primary,
        name: applicants.name,
        email: applicants.email,
        language: applicants.lang,
        dateOfBirth: applicants.dateOfBirth,
        answers: applicants.part,
        household: sql<unknown>`case when ${applicants.primary} then ${applications.household} end`,
        consentedAt: applicants.consentedAt,
        submittedAt: applicants.submittedAt,
        decision: applications.decision,
        offer: applications.offer,
        notices: sql<{ sentAt: string; body: string }[]>`coalesce((
          select json_agg(json_build_object('sentAt', n.sent_at, 'body', n.body) order by n.sent_at)
          from ${adverseActionNotices} n where n.applicant_id = ${applicants.id}), '[]')`,
      })
      .from(applicants)
      .innerJoin(applications, eq(applications.id, applicants.applicationId))
      .where(after === null ? where : and(where, sql`${applicants.id} > ${after}`))
      .orderBy(applicants.id)
      .limit(limit),
  waitlists: (db: Db, where: SQL, after: string | null, limit: number) =>
    db
      .select({
        key: sql<string>`${waitlistEntries.id}::text`,
        at: waitlistEntries.createdAt,
        building: properties.title,
        bedrooms: waitlistEntries.bedrooms,
        name: waitlistEntries.name,
        email: waitlistEntries.email,
        language: waitlistEntries.lang,
        status: waitlistEntries.status,
        joinedAt: waitlistEntries.joinedAt,
        lastConfirmedAt: waitlistEntries.lastConfirmedAt,
        moves: waitlistEntries.moves,
      })
      .from(waitlistEntries)
      .innerJoin(properties, eq(properties.id, waitlistEntries.propertyId))
      .where(after === null ? where : and(where, sql`${waitlistEntries.id} > ${after}`))
      .orderBy(waitlistEntries.id)
      .limit(limit),
  alerts: (db: Db, where: SQL, after: string | null, limit: number) =>
    db
      .select({
        key: sql<string>`${alertSubscriptions.id}::text`,
        at: alertSubscriptions.createdAt,
        email: alertSubscriptions.email,
        criteria: alertSubscriptions.criteria,
        frequency: alertSubscriptions.frequency,
        status: alertSubscriptions.status,
        language: alertSubscriptions.lang,
      })
      .from(alertSubscriptions)
      .where(after === null ? where : and(where, sql`${alertSubscriptions.id} > ${after}`))
      .orderBy(alertSubscriptions.id)
      .limit(limit),
  documentRequests: (db: Db, where: SQL, after: string | null, limit: number) =>
    db
      .select({
        key: sql<string>`${documentRequests.id}::text`,
        at: documentRequests.createdAt,
        name: documentRequests.tenantName,
        email: documentRequests.tenantEmail,
        building: documentRequests.propertyName,
        unit: documentRequests.unit,
        category: documentRequests.category,
        note: documentRequests.note,
      })
      .from(documentRequests)
      .where(after === null ? where : and(where, sql`${documentRequests.id} > ${after}`))
      .orderBy(documentRequests.id)
      .limit(limit),
  maintenance: (db: Db, where: SQL, after: string | null, limit: number) =>
    db
      .select({
        key: sql<string>`${maintenanceRequests.id}::text`,
        id: maintenanceRequests.id,
        at: maintenanceRequests.createdAt,
        title: maintenanceRequests.title,
        description: maintenanceRequests.description,
        status: maintenanceRequests.status,
        building: maintenanceRequests.propertyName,
        unit: maintenanceRequests.unitNumber,
        comments: sql<{ at: string; by: string; body: string }[]>`coalesce((
          select json_agg(json_build_object('at', c.created_at, 'by', c.author_name, 'body', c.body)
                          order by c.created_at)
          from ${maintenanceComments} c where c.request_id = ${maintenanceRequests.id}), '[]')`,
      })
      .from(maintenanceRequests)
      .where(after === null ? where : and(where, sql`${maintenanceRequests.id} > ${after}`))
      .orderBy(maintenanceRequests.id)
      .limit(limit),
  mails: (db: Db, where: SQL, after: string | null, limit: number) =>
    db
      .select({
        key: sql<string>`${outgoingMail.id}::text`,
        at: outgoingMail.createdAt,
        kind: outgoingMail.kind,
        subject: outgoingMail.subject,
      })
      .from(outgoingMail)
      .where(after === null ? where : and(where, sql`${outgoingMail.id} > ${after}`))
      .orderBy(outgoingMail.id)
      .limit(limit),
  privacyRequests: (db: Db, where: SQL, after: string | null, limit: number) =>
    db
      .select({
        key: sql<string>`${privacyRequests.id}::text`,
        at: privacyRequests.createdAt,
        kind: privacyRequests.kind,
        confirmedAt: privacyRequests.confirmedAt,
        dueAt: privacyRequests.dueAt,
        answeredAt: privacyRequests.answeredAt,
      })
      .from(privacyRequests)
      .where(after === null ? where : and(where, sql`${privacyRequests.id} > ${after}`))
      .orderBy(privacyRequests.id)
      .limit(limit),
  auditEntries: (db: Db, where: SQL, after: string | null, limit: number) =>
    db
      .select({
        key: sql<string>`${auditEvents.id}::text`,
        at: auditEvents.at,
        action: auditEvents.action,
        target: auditEvents.targetType,
      })
      .from(auditEvents)
      .where(after === null ? where : and(where, sql`${auditEvents.id} > ${after}`))
      .orderBy(auditEvents.id)
      .limit(limit),
  documents: (db: Db, where: SQL, after: string | null, limit: number) =>
    db
      .select({
        key: sql<string>`${tenantFiles.id}::text`,
        at: tenantFiles.uploadedAt,
        name: tenantFiles.originalName,
        mime: tenantFiles.mime,
        size: tenantFiles.size,
        category: tenantFiles.category,
        filename: tenantFiles.filename,
      })
      .from(tenantFiles)
      .where(after === null ? where : and(where, sql`${tenantFiles.id} > ${after}`))
      .orderBy(tenantFiles.id)
      .limit(limit),
};

/**
 * Erases the person's rows, in one transaction (`by`: the staff member, who answers their
 * privacy requests by it). `keep.tenancy` (an active tenant): their
 * documents, document requests and maintenance requests stay; `keep.account`: the account
 * stays; `keep.audit`: the audit entries naming them stay as they are (records of a tenancy or
 * of a colleague's work), else the address is taken out of them. Answers how many of each went,
 * and the stored files and photos to remove after the commit.
 */
export async function eraseRows(
  { db, now }: { db: Db; now: () => Date },
  email: string,
  account: PersonAccount | null,
  keep: { tenancy: boolean; account: boolean; audit: boolean; decidedApplications: boolean },
  by: string,
) {
  const where = personRows(email, account);
  return db.transaction(async (tx) => {
    const removed = {
      inquiries: (await tx.delete(inquiries).where(where.inquiries)).rowCount ?? 0,
      showings: (await tx.delete(showings).where(where.showings)).rowCount ?? 0,
      applications: await eraseApplicationsOf(tx, where.applications, keep.decidedApplications),
      waitlists: (await tx.delete(waitlistEntries).where(where.waitlists)).rowCount ?? 0,
      alerts: (await tx.delete(alertSubscriptions).where(where.alerts)).rowCount ?? 0,
      mails: (await tx.delete(outgoingMail).where(where.mails)).rowCount ?? 0,
      // The requests stay, unnamed and answered by this erasure, as the record of them.
      privacyRequests: await forgetRequestsOf({ db: tx }, email, by, now()),
      account: 0,
      documents: 0,
      documentRequests: 0,
      maintenance: 0,
      auditEntries: 0,
    };
    let filenames: string[] = [];
    let photos: { folder: string; variants: PhotoVariant[] }[] = [];
    if (!keep.tenancy) {
      const files = await tx
        .delete(tenantFiles)
        .where(where.documents)
        .returning({ filename: tenantFiles.filename });
      filenames = files.map((file) => file.filename);
      removed.documents = files.length;
      removed.documentRequests =
        (await tx.delete(documentRequests).where(where.documentRequests)).rowCount ?? 0;
      const theirs = tx
        .select({ id: maintenanceRequests.id })
        .from(maintenanceRequests)
        .where(where.maintenance);
      photos = await tx
        .select({ folder: maintenancePhotos.folder, variants: maintenancePhotos.variants })
        .from(maintenancePhotos)
        .where(inArray(maintenancePhotos.requestId, theirs));
      const requests = await tx
        .delete(maintenanceRequests)
        .where(where.maintenance)
        .returning({ id: maintenanceRequests.id });
      removed.maintenance = requests.length;
      // The office's notices of those requests name the person.
      await removeEventsLinkingTo(
        tx,
        requests.map((request) => maintenanceNoticeUrl(request.id)),
      );
    }
    if (!keep.audit) {
      // The address taken out of the trail: the events stay (who did what, when), unnamed. The
      // trail refuses every other change (migration 0026).
      await tx.execute(sql`select set_config('rentals.audit_erasure', 'on', true)`);
      const pattern = email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      removed.auditEntries =
        (
          await tx
            .update(auditEvents)
            .set({
              actorEmail: sql`case when lower(${auditEvents.actorEmail}) = ${email} then null else ${auditEvents.actorEmail} end`,
              detail: sql`regexp_replace(${auditEvents.detail}::text, ${pattern}, '[erased]', 'gi')::jsonb`,
              changes: sql`regexp_replace(${auditEvents.changes}::text, ${pattern}, '[erased]', 'gi')::jsonb`,
            })
            .where(where.auditEntries)
        ).rowCount ?? 0;
    }
    if (account && !keep.account) {
      removed.account = (await tx.delete(users).where(eq(users.id, account.id))).rowCount ?? 0;
    }
    return { removed, filenames, photos };
  });
}

/** The statuses of a decided application, which an erasure keeps (see privacyMessages). */
const DECIDED = sql.raw("('approved', 'denied')");

/** Whether the person is an adult of a decided application (what an erasure keeps). */
export async function hasDecidedApplications({ db }: Deps, email: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(applicants)
    .innerJoin(applications, eq(applications.id, applicants.applicationId))
    .where(and(personRows(email, null).applications, sql`${applications.status} in ${DECIDED}`));
  return (row?.n ?? 0) > 0;
}

/**
 * The person's parts of applications, but those of decided ones when `keepDecided`: a first
 * applicant's application goes whole (the household is theirs; the other adults' parts with
 * it), another adult's part alone. Answers how many parts went.
 */
async function eraseApplicationsOf(tx: Db, where: SQL, keepDecided: boolean) {
  const parts = await tx
    .select({
      id: applicants.id,
      applicationId: applicants.applicationId,
      primary: applicants.primary,
    })
    .from(applicants)
    .innerJoin(applications, eq(applications.id, applicants.applicationId))
    .where(keepDecided ? and(where, sql`${applications.status} not in ${DECIDED}`) : where);
  const whole = parts.filter((p) => p.primary).map((p) => p.applicationId);
  const alone = parts.filter((p) => !p.primary).map((p) => p.id);
  if (whole.length > 0) await tx.delete(applications).where(inArray(applications.id, whole));
  if (alone.length > 0) await tx.delete(applicants).where(inArray(applicants.id, alone));
  return parts.length;
}
