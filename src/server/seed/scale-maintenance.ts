import { maintenanceCategories } from "#domain/maintenance";
import type { ScaleContext } from "./scale-sizes";
import {
  emailFrom,
  inBatches,
  oneOf,
  personName,
  pick,
  rnd,
  rowUuid,
  textArray,
  weighted,
} from "./scale-sql";
import {
  firstNames,
  lastNames,
  maintenanceDescriptions,
  maintenanceTitles,
  preferredTimes,
  staff,
  staffComments,
  tenantComments,
} from "./scale-words";

/**
 * Repair requests and their threads. Most come from the portal's tenants, since their
 * invitation; the rest from tenants who have moved out (no account any more, their name kept).
 * What is old is completed or cancelled; the last two weeks' are still being worked on.
 */

/** The share of requests filed by the portal's current tenants. */
const CURRENT_SHARE = 0.7;

const statusFor = (age: string) => `(case
  when ${age} < 3 then ${weighted(
    [
      ["'submitted'", 0.6],
      ["'scheduled'", 0.3],
      ["'in_progress'", 0.1],
    ],
    24,
  )}
  when ${age} < 14 then ${weighted(
    [
      ["'submitted'", 0.05],
      ["'scheduled'", 0.35],
      ["'in_progress'", 0.25],
      ["'completed'", 0.3],
      ["'cancelled'", 0.05],
    ],
    24,
  )}
  else ${weighted(
    [
      ["'completed'", 0.89],
      ["'cancelled'", 0.095],
      // Forgotten: still open months later.
      ["'submitted'", 0.01],
      ["'scheduled'", 0.005],
    ],
    24,
  )} end)`;

/** The columns after the tenant, unit and building: `x.at` is when it was filed. */
const requestColumns = `
    (${textArray(maintenanceTitles.flat())})[1 + x.category * 3 + ${pick(25, 3)}],
    ${oneOf(maintenanceDescriptions, 26)},
    (${textArray(maintenanceCategories)})[1 + x.category],
    ${weighted(
      [
        ["'routine'", 0.75],
        ["'urgent'", 0.2],
        ["'emergency'", 0.05],
      ],
      27,
    )},
    s.status, ${rnd(28)} < 0.6, ${oneOf(preferredTimes, 29)},
    case when s.status in ('scheduled', 'in_progress', 'completed')
      then (x.at + (1 + ${pick(30, 4)}) * interval '1 day')::date end,
    case when s.status in ('scheduled', 'in_progress', 'completed')
      then ${oneOf(["morning", "afternoon", "evening"], 31)} end,
    x.at, least(now(), x.at + ${rnd(32)} * interval '10 days')`;

const columns = `id, tenant_id, tenant_name, tenant_email, unit_id, property_id, property_name,
    unit_number, title, description, category, urgency, status, permission_to_enter,
    preferred_times, scheduled_for, visit_window, created_at, updated_at`;

const insertCurrentTenants = `
  insert into maintenance_requests (${columns})
  select ${rowUuid("request")}, t.id, t.display_name, t.email, u.id, p.id, p.title, u.unit_number,
    ${requestColumns}
  from generate_series($from::bigint, $to::bigint) g
  join users t on t.id = ${rowUuid("tenant", `1 + ${pick(21, "$tenants::bigint")}`)}
  join units u on u.id = t.unit_id
  join properties p on p.id = u.property_id
  cross join lateral (
    select t.invited_at + (now() - t.invited_at) * ${rnd(22)} as at, ${pick(23, 7)} as category
  ) x
  cross join lateral (select ${statusFor("extract(epoch from now() - x.at) / 86400")} as status) s`;

const insertFormerTenants = `
  insert into maintenance_requests (${columns})
  select ${rowUuid("request", "$current + g")}, null, x.name,
    ${emailFrom("x.name", "'.' || g", "example.com")}, u.id, p.id, p.title, u.unit_number,
    ${requestColumns}
  from generate_series($from::bigint, $to::bigint) g
  join units u on u.id = $unitBase + 1 + ${pick(33, "$units::bigint")}
  join properties p on p.id = u.property_id
  cross join lateral (
    select now() - (60 + ${rnd(34)} * 2100) * interval '1 day' as at, ${pick(23, 7)} as category,
      ${personName(firstNames, lastNames, 35)} as name
  ) x
  cross join lateral (select ${statusFor("extract(epoch from now() - x.at) / 86400")} as status) s`;

/** Staff write a little over half of a thread; a former tenant's own lines have no account. */
const insertComments = `
  insert into maintenance_comments (request_id, author_id, author_name, author_role, body,
    created_at)
  select r.id,
    case when c.staff then null else r.tenant_id end,
    case when c.staff then ${oneOf(
      staff.map((member) => member.name),
      42,
    )} else r.tenant_name end,
    case when c.staff then 'staff' else 'tenant' end,
    case when c.staff then ${oneOf(staffComments, 43)} else ${oneOf(tenantComments, 44)} end,
    least(now(), r.created_at + ${rnd(45)} * interval '6 days')
  from generate_series($from::bigint, $to::bigint) g
  join maintenance_requests r on r.id = ${rowUuid("request", `1 + ${pick(41, "$requests::bigint")}`)}
  cross join lateral (select ${rnd(46)} < 0.55 as staff) c`;

export async function loadMaintenance(context: ScaleContext): Promise<Record<string, number>> {
  const { client, sizes, base, salt, made } = context;
  const current = Math.round(sizes.maintenanceRequests * CURRENT_SHARE);
  const params = {
    salt,
    current,
    tenants: made.users ?? 0,
    units: sizes.units,
    unitBase: base.unit,
  };
  const fromTenants =
    (made.users ?? 0) > 0 ? await inBatches(client, insertCurrentTenants, current, params) : 0;
  const fromFormer = await inBatches(
    client,
    insertFormerTenants,
    sizes.maintenanceRequests - current,
    params,
  );
  const requests = fromTenants + fromFormer;
  // A comment whose number names no request (none from tenants when no unit is rented) is not
  // written: the counts say what was.
  const comments = await inBatches(client, insertComments, sizes.maintenanceComments, {
    salt,
    requests: sizes.maintenanceRequests,
  });
  return { maintenance_requests: requests, maintenance_comments: comments };
}
