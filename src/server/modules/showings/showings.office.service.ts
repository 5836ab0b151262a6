import { localizedPath, OFFICE_TIME_ZONE } from "#domain/locale";
import { addDays, officeClock, officeIso, officeMoment } from "#domain/office-time";
import {
  type AdminShowing,
  type AdminShowingDetail,
  type AdminShowingsPage,
  type AdminShowingsQuery,
  outcomeActions,
  SHOWING_UNIT_INQUIRIES,
  type ShowingAction,
  type ShowingFollowUp,
  showingActions,
  showingAdminMessages,
} from "#domain/showings";
import { site } from "#domain/site";
import { decodeKey, toPage } from "#server/db/keyset";
import { conflict, notFound } from "#server/http/errors";
import { latestInquiriesOfUnit } from "#server/modules/inquiries";
import { isUuid } from "#server/shared/uuid";
import { showingEmail } from "./showings.email";
import {
  changeStatus,
  countRequested,
  findForOffice,
  listForOffice,
  type OfficeShowingRow,
  setFollowUp,
} from "./showings.repository";
import { cancelUrl, invite, type ShowingDeps, tellCancelled } from "./showings.service";
import { tellTenantsAtHome } from "./showings.tenant-notice";

/**
 * The office's side of showings: the calendar of a day or a week, one showing with its unit's
 * inquiries, and what staff do (confirm or decline a request, cancel, mark the outcome, follow
 * up). Each change e-mails the renter in their language in the transaction that makes it.
 */

const toWire = (row: OfficeShowingRow): AdminShowing => ({
  id: row.id,
  status: row.status,
  start: officeIso(row.startsAt),
  end: officeIso(row.endsAt),
  unit: {
    id: row.unitId,
    number: row.unitNumber,
    propertyId: row.propertyId,
    building: row.building,
  },
  name: row.name,
  email: row.email,
  phone: row.phone,
  note: row.note,
  lang: row.lang,
  occupied: row.occupied,
  followUp: row.followUp,
  createdAt: row.createdAt.toISOString(),
});

export async function listShowings(
  deps: ShowingDeps,
  query: AdminShowingsQuery,
): Promise<AdminShowingsPage> {
  const from = query.from ?? officeClock(deps.now()).day;
  const end = addDays(from, query.days);
  const after = query.cursor ? decodeKey(query.cursor, ["time", "uuid"] as const) : null;
  const [rows, requested] = await Promise.all([
    listForOffice(
      deps,
      { from: officeMoment(from, 0), to: officeMoment(end, 0) },
      { status: query.status, propertyId: query.propertyId },
      after,
      query.limit,
    ),
    countRequested(deps),
  ]);
  const page = toPage(rows, query.limit, (row) => [row.key, row.id], toWire);
  return {
    from,
    to: addDays(end, -1),
    timeZone: OFFICE_TIME_ZONE,
    showings: page.items,
    nextCursor: page.nextCursor,
    requested,
  };
}

async function found(deps: ShowingDeps, id: string): Promise<OfficeShowingRow> {
  const row = isUuid(id) ? await findForOffice(deps, id) : null;
  if (!row) throw notFound(showingAdminMessages.notFound);
  return row;
}

export async function showingDetail(deps: ShowingDeps, id: string): Promise<AdminShowingDetail> {
  const row = await found(deps, id);
  const inquiries = await latestInquiriesOfUnit(deps.db, row.unitId, SHOWING_UNIT_INQUIRIES);
  return {
    showing: toWire(row),
    inquiries: inquiries.map((inquiry) => ({
      id: inquiry.id,
      name: inquiry.name,
      email: inquiry.email,
      subject: inquiry.subject,
      message: inquiry.message,
      createdAt: inquiry.createdAt.toISOString(),
      handled: inquiry.handledAt !== null,
    })),
  };
}

const actionMessages: Record<ShowingAction, string> = {
  confirm: showingAdminMessages.confirmed,
  decline: showingAdminMessages.declined,
  cancel: showingAdminMessages.cancelled,
  completed: showingAdminMessages.marked,
  no_show: showingAdminMessages.marked,
};

/**
 * Does what staff asked of a showing, if it still can be done: a confirmed request sends the
 * renter the invitation, a declined one tells them, a cancellation sends the invitation's
 * cancellation and tells the tenants at home; an outcome waits for the showing's time.
 */
export async function actOn(deps: ShowingDeps, id: string, action: ShowingAction) {
  const before = await found(deps, id);
  const now = deps.now();
  const rule = showingActions[action];
  const isOutcome = outcomeActions.includes(action);
  if (isOutcome && before.startsAt > now) throw conflict(showingAdminMessages.notYet);
  const after = await deps.mailQueue.transaction(async (tx) => {
    const changed = await changeStatus(
      tx,
      id,
      { from: rule.from, to: rule.to, ...(isOutcome ? { startedBy: now } : {}) },
      now,
    );
    if (!changed) return null;
    const row = (await findForOffice(tx, id))!;
    const place = { building: row.building, number: row.unitNumber, address: row.address };
    const about = { ...place, unit: row.unitNumber, start: row.startsAt };
    const link = cancelUrl(deps, deps.tokens(row.id, row.moves), row.lang);
    if (action === "confirm") {
      await tx.queue({
        kind: "showing_booked",
        ...showingEmail({
          kind: "booked",
          to: row.email,
          lang: row.lang,
          showing: about,
          cancelUrl: link,
          invite: invite(deps, row, place, "REQUEST", link, row.lang),
        }),
      });
    } else if (action === "decline") {
      await tx.queue({
        kind: "showing_declined",
        ...showingEmail({
          kind: "declined",
          to: row.email,
          lang: row.lang,
          showing: about,
          cancelUrl: link,
        }),
      });
      // A request sent no invitation to cancel; the tenants at home heard of it, so they hear.
      await tellTenantsAtHome(tx, deps.publicUrl, row.unitId, "off", about);
    } else if (action === "cancel") {
      await tellCancelled(deps, tx, row, place);
    }
    return row;
  });
  if (!after) throw conflict(showingAdminMessages.notNow);
  return { before: before.status, showing: toWire(after), message: actionMessages[action] };
}

/**
 * What follows a completed showing: the renter sent the application (by e-mail, in their
 * language), or the lead marked lost. Only a completed showing is followed up.
 */
export async function followUp(deps: ShowingDeps, id: string, what: ShowingFollowUp) {
  const before = await found(deps, id);
  if (before.status !== "completed") throw conflict(showingAdminMessages.followUpNotYet);
  const now = deps.now();
  const after = await deps.mailQueue.transaction(async (tx) => {
    if (!(await setFollowUp(tx, id, what, now))) return null;
    if (what === "application_sent") {
      await tx.queue({
        kind: "showing_application",
        ...showingEmail({
          kind: "application",
          to: before.email,
          lang: before.lang,
          showing: {
            building: before.building,
            unit: before.unitNumber,
            address: before.address,
            start: before.startsAt,
          },
          cancelUrl: cancelUrl(deps, deps.tokens(before.id, before.moves), before.lang),
          applyUrl: deps.applyOnline
            ? `${deps.publicUrl}${localizedPath(`/properties/${before.unitId}/apply`, before.lang)}`
            : site.applyUrl,
        }),
      });
    }
    return findForOffice(tx, id);
  });
  if (!after) throw conflict(showingAdminMessages.followUpNotYet);
  return {
    before: before.followUp,
    showing: toWire(after),
    message:
      what === "application_sent"
        ? showingAdminMessages.applicationSent
        : showingAdminMessages.leadLost,
  };
}
