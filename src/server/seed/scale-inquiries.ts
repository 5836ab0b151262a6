import type { ScaleContext } from "./scale-sizes";
import {
  emailFrom,
  inBatches,
  oneOf,
  personName,
  pick,
  rnd,
  textArray,
  weighted,
} from "./scale-sql";
import {
  buildingQuestions,
  firstNames,
  generalQuestions,
  generalSubjects,
  inquirySubjects,
  lastNames,
  tourTimes,
} from "./scale-words";

/**
 * Two years of visitors' questions, the most the retention keeps (an older one would be purged at
 * the first start), more each month as the agency grew (row g is written
 * `ageOf(g)` days ago, so ids follow time as they do in use): a third are tour requests for a
 * unit, nearly half questions about a building, the rest the contact form's. A few percent are
 * unhandled: half of the last three weeks', and some older ones nobody marked.
 */

/** Row g of total, from `days` ago (few) to now (many): a density growing linearly. */
export const ageOf = (days: number, total = "$total") =>
  `(${days} * (1 - sqrt((g - ${rnd(1)}) / ${total}::float8)))`;

const insertInquiries = `
  insert into inquiries (id, name, email, phone, subject, message, property_id, unit_id,
    created_at, handled_at)
  overriding system value
  select $inquiryBase + g, v.name, ${emailFrom("v.name", "'.' || v.person", "example.com")},
    '(' || ${weighted(
      [
        ["'860'", 0.6],
        ["'203'", 0.3],
        ["'475'", 0.05],
        ["'959'", 0.05],
      ],
      6,
      "v.person",
    )} || ') 555-01' || lpad(${pick(7, 100, "v.person")}::text, 2, '0'),
    case when v.kind < 0.35 then 'Tour request: ' || p.title || ', Unit ' || u.unit_number
         when v.kind < 0.8 then (${textArray(inquirySubjects)})[1 + ${pick(8, inquirySubjects.length)}]
         else (${textArray(generalSubjects)})[1 + ${pick(9, generalSubjects.length)}] end,
    case when v.kind < 0.35
           then 'I would like to schedule a tour of ' || p.title || ', Unit ' || u.unit_number
             || '.' || chr(10) || 'Preferred days and times: ' || ${oneOf(tourTimes, 10)}
         when v.kind < 0.8
           then format((${textArray(buildingQuestions)})[1 + ${pick(8, buildingQuestions.length)}], p.title)
         else (${textArray(generalQuestions)})[1 + ${pick(9, generalQuestions.length)}] end,
    p.id, case when v.kind < 0.35 then u.id end, v.at,
    case when (v.at > now() - interval '21 days' and ${rnd(11)} < 0.5) or ${rnd(12)} < 0.02
           then null
         else least(now(), v.at + (0.02 + ${rnd(13)} * 3) * interval '1 day') end
  from generate_series($from::bigint, $to::bigint) g
  cross join lateral (
    select ${rnd(2)} as kind, 1 + ${pick(3, 400_000)} as person,
      now() - ${ageOf(720)} * interval '1 day' as at
  ) k
  cross join lateral (select k.*, ${personName(firstNames, lastNames, 4, "k.person")} as name) v
  left join units u on v.kind < 0.8 and u.id = $unitBase + 1 + ${pick(5, "$units::bigint")}
  left join properties p on p.id = u.property_id`;

export async function loadInquiries(context: ScaleContext): Promise<Record<string, number>> {
  const { client, sizes, base } = context;
  const inquiries = await inBatches(client, insertInquiries, sizes.inquiries, {
    total: sizes.inquiries,
    units: sizes.units,
    unitBase: base.unit,
    inquiryBase: base.inquiry,
  });
  return { inquiries };
}
