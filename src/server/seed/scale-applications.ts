import type { ScaleContext } from "./scale-sizes";
import { emailFrom, inBatches, personName, pick, rowUuidV4, weighted } from "./scale-sql";
import { firstNames, lastNames } from "./scale-words";

/**
 * Two years of rental applications (their retention keeps them two years after the last step):
 * five a unit at factor 1, over the units in turn, each made on a day of the last two years;
 * most decided (approved, denied, withdrawn), some still being filled in, waiting or screened.
 * Each has its first applicant, and two in five another adult; a third of the denials rest on a
 * screening report and carry the notice sent. Names repeat as they do in life: some addresses
 * are on more than one application (the office's duplicates).
 */
const insertApplications = `
  insert into applications (id, unit_id, place, status, household, submitted_at,
    status_changed_at, screening_fee, decision, created_at, updated_at)
  select ${rowUuidV4("application")}, u.id, pr.title || ', unit ' || u.unit_number, s.status,
    jsonb_build_object('children', ${pick(3, 4)}, 'pets', case when ${pick(4, 4)} = 0 then 'One cat' else '' end,
      'moveIn', '', 'accommodations', ''),
    case when s.status <> 'draft' then s.made + interval '2 days' end,
    s.made + interval '5 days',
    case when s.status in ('screening', 'approved', 'denied') then 40 end,
    case when s.status in ('approved', 'denied', 'waitlisted') then jsonb_build_object(
      'status', s.status,
      'reason', case when s.status = 'denied' then s.reason end,
      'conditions', '', 'note', '',
      'decidedAt', to_char((s.made + interval '5 days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    end,
    s.made, s.made + interval '5 days'
  from generate_series($from::bigint, $to::bigint) g
  join units u on u.id = $unitBase::bigint + 1 + (g - 1) % $units::bigint
  join properties pr on pr.id = u.property_id
  cross join lateral (
    select
      -- The office's open ones are recent; the decided ones from any day of two years.
      ${weighted(
        [
          ["'draft'", 0.08],
          ["'submitted'", 0.06],
          ["'screening'", 0.04],
          ["'approved'", 0.3],
          ["'denied'", 0.22],
          ["'waitlisted'", 0.08],
          ["'withdrawn'", 0.22],
        ],
        1,
      )} as status,
      case when ${pick(5, 3)} = 0 then 'screening-report' else 'income' end as reason
  ) t
  cross join lateral (
    select t.*, case when t.status in ('draft', 'submitted', 'screening')
      then now() - (6 + ${pick(2, 30)}) * interval '1 day'
      else now() - (6 + ${pick(2, 715)}) * interval '1 day' end as made
  ) s`;

/** An adult's part as the form saves it: phone, date of birth, a home, an income or two. */
const part = (salt: number) => `jsonb_build_object(
    'phone', '860555' || lpad(${pick(salt, 10_000)}::text, 4, '0'),
    'dateOfBirth', to_char(date '1950-01-01' + ${pick(salt + 1, 18_000)}::int, 'YYYY-MM-DD'),
    'homes', jsonb_build_array(jsonb_build_object('address', (10 + ${pick(salt + 2, 900)}) || ' Main Street, Hartford, CT',
      'from', '2019-06', 'to', '', 'monthlyRent', 1200, 'landlordName', '', 'landlordPhone', '')),
    'income', case when ${pick(salt + 3, 4)} = 0
      then jsonb_build_array(jsonb_build_object('source', 'housing_voucher', 'detail', 'Section 8', 'monthlyAmount', 900),
        jsonb_build_object('source', 'employment', 'detail', '', 'monthlyAmount', 2400))
      else jsonb_build_array(jsonb_build_object('source', 'employment', 'detail', '', 'monthlyAmount', 3600)) end,
    'consent', true, 'signature', 'Signed')`;

const insertApplicants = `
  insert into applicants (id, application_id, "primary", name, email, lang, token_hash,
    link_expires_at, part, date_of_birth, consented_at, submitted_at, created_at, updated_at)
  select ${rowUuidV4("applicant")}, a.id, true, n.name,
    ${emailFrom("n.name", `'.' || ${pick(8, 300_000)}`, "example.com")},
    case when ${pick(9, 7)} = 0 then 'es' else 'en' end,
    md5($salt::text || ':applicant-link:' || g),
    a.created_at + interval '30 days',
    ${part(20)},
    case when a.submitted_at is not null then (${part(20)}->>'dateOfBirth')::date end,
    a.submitted_at, a.submitted_at, a.created_at, a.updated_at
  from generate_series($from::bigint, $to::bigint) g
  join applications a on a.id = ${rowUuidV4("application")}
  cross join lateral (select ${personName(firstNames, lastNames, 6)} as name) n`;

/** Another adult on two applications in five (their own link and part). */
const insertCoApplicants = `
  insert into applicants (id, application_id, "primary", name, email, lang, token_hash,
    link_expires_at, part, date_of_birth, consented_at, submitted_at, created_at, updated_at)
  select ${rowUuidV4("co-applicant")}, a.id, false, n.name,
    ${emailFrom("n.name", `'.co' || ${pick(10, 300_000)}`, "example.com")},
    'en', md5($salt::text || ':co-applicant-link:' || g),
    a.created_at + interval '30 days', ${part(30)},
    case when a.submitted_at is not null then (${part(30)}->>'dateOfBirth')::date end,
    a.submitted_at, a.submitted_at, a.created_at, a.updated_at
  from generate_series($from::bigint, $to::bigint) g
  join applications a on a.id = ${rowUuidV4("application")}
  cross join lateral (select ${personName(firstNames, lastNames, 12)} as name) n
  where ${pick(11, 5)} < 2`;

/** The notice each denial on a screening report sent its first applicant. */
const insertNotices = `
  insert into adverse_action_notices (id, application_id, applicant_id, facts, lang, body, sent_at)
  select ${rowUuidV4("notice")}, a.id, ${rowUuidV4("applicant")},
    '{"agencyName":"Keystone Tenant Screening","agencyAddress":"PO Box 100, Chester, PA 19016","agencyPhone":"1-800-555-0199"}'::jsonb,
    'en', 'Notice of adverse action', a.status_changed_at
  from generate_series($from::bigint, $to::bigint) g
  join applications a on a.id = ${rowUuidV4("application")}
  where a.status = 'denied' and a.decision->>'reason' = 'screening-report'`;

export async function loadApplications(context: ScaleContext): Promise<Record<string, number>> {
  const { client, sizes, base, salt } = context;
  const params = { salt, units: sizes.units, unitBase: base.unit };
  const applications = await inBatches(client, insertApplications, sizes.applications, params);
  const firsts = await inBatches(client, insertApplicants, sizes.applications, params);
  const others = await inBatches(client, insertCoApplicants, sizes.applications, params);
  const notices = await inBatches(client, insertNotices, sizes.applications, params);
  return { applications, applicants: firsts + others, adverse_action_notices: notices };
}
