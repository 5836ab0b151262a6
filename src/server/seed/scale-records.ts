import { site } from "#domain/site";
import { ageOf } from "./scale-inquiries";
import type { ScaleContext } from "./scale-sizes";
import {
  emailFrom,
  inBatches,
  oneOf,
  personName,
  pick,
  quote,
  rnd,
  rowUuid,
  textArray,
  weighted,
} from "./scale-sql";
import { firstNames, lastNames, mailErrors, places, staff, userAgents } from "./scale-words";

/**
 * The audit trail of the last two years (its retention purges older events) and the outgoing
 * mail of the last six months (likewise): what staff did, and what the app sent. Mail is sent or
 * failed, never queued: a queued row would be delivered. Its body is gone as a sent message's
 * is; a failed one without its body is not offered for a retry.
 */

const staffEmail = (salt: number) =>
  oneOf(
    staff.map((member) => member.email),
    salt,
  );

/** [action, share, target type, target id, building, changes] as SQL over `u`, the unit drawn. */
const auditKinds: [string, number, string, string, string, string][] = [
  [
    "inquiry.updated",
    0.3,
    "inquiry",
    `($inquiryBase + 1 + ${pick(3, "$inquiries::bigint")})::text`,
    "null",
    `'{"handled": {"before": false, "after": true}}'`,
  ],
  ["sign_in.succeeded", 0.2, "session", `${rowUuid("session")}::text`, "null", "null"],
  [
    "unit.updated",
    0.1,
    "unit",
    "u.id::text",
    "u.property_id",
    `jsonb_build_object('rent', jsonb_build_object('before', u.rent - 25, 'after', u.rent))`,
  ],
  ["unit.availability_confirmed", 0.08, "unit", "u.id::text", "u.property_id", "null"],
  [
    "maintenance.updated",
    0.08,
    "maintenance_request",
    `${rowUuid("request", `1 + ${pick(4, "$requests::bigint")}`)}::text`,
    "u.property_id",
    `'{"status": {"before": "submitted", "after": "scheduled"}}'`,
  ],
  [
    "maintenance.commented",
    0.05,
    "maintenance_request",
    `${rowUuid("request", `1 + ${pick(4, "$requests::bigint")}`)}::text`,
    "u.property_id",
    "null",
  ],
  [
    "tenant_file.downloaded",
    0.06,
    "tenant_file",
    "gen_random_uuid()::text",
    "u.property_id",
    "null",
  ],
  [
    "property.updated",
    0.03,
    "property",
    "u.property_id::text",
    "u.property_id",
    `'{"amenities": {"before": ["Heating"], "after": ["Heating", "Dishwasher"]}}'`,
  ],
  [
    "document_request.created",
    0.02,
    "document_request",
    "gen_random_uuid()::text",
    "u.property_id",
    "null",
  ],
  ["sign_out", 0.03, "session", `${rowUuid("session")}::text`, "null", "null"],
  [
    "tenant.invited",
    0.01,
    "tenant",
    `${rowUuid("tenant", `1 + ${pick(5, "greatest($tenants::bigint, 1)")}`)}::text`,
    "u.property_id",
    "null",
  ],
  ["sign_in.failed", 0.04, "session", "null", "null", "null"],
];

/** One column of the event by its action; the target type is a word, the rest SQL. */
const byAction = (column: 2 | 3 | 4 | 5) =>
  `(case e.action ${auditKinds
    .map((kind) => `when ${quote(kind[0])} then ${column === 2 ? quote(kind[2]) : kind[column]}`)
    .join(" ")} end)`;

const insertAuditEvents = `
  insert into audit_events (at, actor_id, actor_email, action, target_type, target_id,
    property_id, changes, detail, ip_address, user_agent, request_id)
  select e.at,
    case when e.action <> 'sign_in.failed' then md5('staff:' || e.staff)::uuid end,
    case when e.action <> 'sign_in.failed' then e.email else ${emailFrom(
      personName(firstNames, lastNames, 6),
      "''",
      "example.com",
    )} end,
    e.action, ${byAction(2)}, ${byAction(3)}, ${byAction(4)}, ${byAction(5)}::jsonb,
    case e.action when 'sign_in.succeeded' then '{"knownBrowser": true, "method": "password"}'::jsonb
                  when 'sign_in.failed' then '{"step": "password"}'::jsonb end,
    '203.0.113.' || (1 + ${pick(7, 250)}), ${oneOf(userAgents, 8)},
    'req-' || substr(md5($salt::text || g), 1, 12)
  from generate_series($from::bigint, $to::bigint) g
  cross join lateral (
    select ${weighted(
      auditKinds.map(([action, share]) => [quote(action), share]),
      1,
    )} as action,
      now() - ${ageOf(720)} * interval '1 day' as at,
      ${pick(2, staff.length)} as staff
  ) a
  cross join lateral (
    select a.*, (${textArray(staff.map((member) => member.email))})[1 + a.staff] as email
  ) e
  left join units u on u.id = $unitBase + 1 + ${pick(9, "$units::bigint")}`;

/** [kind, share, recipient, subject] as SQL; `who` is a person's e-mail, `town` a town. */
const mailKinds: [string, number, string, string][] = [
  ["inquiry_notice", 0.42, quote(site.email), `'New inquiry from ' || m.name`],
  ["listing_alert", 0.2, "m.who", `'New listing in ' || m.town`],
  ["listing_alert_digest", 0.15, "m.who", `'New listings in ' || m.town || ' today'`],
  ["maintenance_update", 0.06, "m.who", `'Update on your maintenance request'`],
  [
    "maintenance_request_notice",
    0.04,
    quote(site.email),
    `'New maintenance request from ' || m.name`,
  ],
  ["tenant_sign_in_link", 0.05, "m.who", `'Your sign-in link'`],
  ["document_request", 0.03, "m.who", `'Documents requested by Charter Oak Rentals'`],
  ["alert_confirmation", 0.03, "m.who", `'Confirm your listing alert'`],
  ["new_sign_in", 0.01, staffEmail(5), `'New sign-in to your account'`],
  ["document_shared", 0.01, "m.who", `'A document was shared with you'`],
];

const byKind = (column: number) =>
  `(case m.kind ${mailKinds
    .map((kind) => `when ${quote(kind[0])} then ${kind[column]}`)
    .join(" ")} end)`;

const insertMail = `
  insert into outgoing_mail (kind, to_address, subject, sealed_body, status, attempts, last_error,
    created_at, sent_at, failed_at)
  select m.kind, ${byKind(2)}, ${byKind(3)}, null,
    case when m.failed then 'failed' else 'sent' end,
    case when m.failed then 5 else 1 end,
    case when m.failed then ${oneOf(mailErrors, 4)} end,
    m.at,
    case when not m.failed then m.at + (1 + ${pick(6, 20)}) * interval '1 second' end,
    case when m.failed then m.at + interval '1 hour' end
  from generate_series($from::bigint, $to::bigint) g
  cross join lateral (
    select ${weighted(
      mailKinds.map(([kind, share]) => [quote(kind), share]),
      1,
    )} as kind, ${personName(firstNames, lastNames, 2)} as name,
      ${oneOf(
        places.map((place) => place.town),
        3,
      )} as town,
      ${rnd(7)} < 0.015 as failed,
      now() - ${ageOf(170)} * interval '1 day' as at
  ) n
  cross join lateral (
    select n.*, ${emailFrom("n.name", `'.' || ${pick(8, 400_000)}`, "example.com")} as who
  ) m`;

export async function loadRecords(context: ScaleContext): Promise<Record<string, number>> {
  const { client, sizes, base, salt, made } = context;
  const auditEvents = await inBatches(client, insertAuditEvents, sizes.auditEvents, {
    salt,
    total: sizes.auditEvents,
    inquiryBase: base.inquiry,
    inquiries: sizes.inquiries,
    requests: sizes.maintenanceRequests,
    tenants: made.users ?? 0,
    units: sizes.units,
    unitBase: base.unit,
  });
  const mail = await inBatches(client, insertMail, sizes.outgoingMail, {
    total: sizes.outgoingMail,
  });
  return { audit_events: auditEvents, outgoing_mail: mail };
}
