import type { ScaleContext } from "./scale-sizes";
import { emailFrom, inBatches, personName, pick, rowUuidV4, weighted } from "./scale-sql";
import { firstNames, lastNames } from "./scale-words";

/**
 * Two years of showings (their retention keeps them two years after their time): at factor 1
 * five a unit, four past ones a few months apart (completed, some followed up, no-shows,
 * cancellations, requests let go) and one in the coming week (booked, or a request waiting for
 * the office, made within the last day so the runner does not let it go at once). Only the
 * coming ones hold their time, one a unit: the exclusion constraint has nothing to refuse.
 */
const insertShowings = `
  insert into showings (id, unit_id, starts_at, ends_at, status, name, email, phone, note, lang,
    token_hash, follow_up, followed_up_at, created_at, updated_at)
  select ${rowUuidV4("showing")}, s.unit_id, s.at, s.at + interval '30 minutes', s.status, s.name,
    ${emailFrom("s.name", `'.' || ${pick(8, 400_000)}`, "example.com")},
    '860555' || lpad(${pick(3, 10_000)}::text, 4, '0'),
    case when ${pick(4, 5)} = 0 then 'Is parking included?' else '' end,
    case when ${pick(5, 7)} = 0 then 'es' else 'en' end,
    md5($salt::text || ':showing-link:' || g),
    s.follow_up,
    case when s.follow_up is not null then s.at + interval '1 day' end,
    s.made, s.made
  from generate_series($from::bigint, $to::bigint) g
  cross join lateral (
    select $unitBase::bigint + 1 + (g - 1) % $units::bigint as unit_id, (g - 1) / $units::bigint as round
  ) p
  cross join lateral (
    select p.unit_id,
      ${personName(firstNames, lastNames, 6)} as name,
      case when p.round = $rounds::bigint - 1
        -- The coming week, two days out at least (no reminder is due as the load ends).
        then date_trunc('hour', now()) + (2 + ${pick(1, 6)}) * interval '1 day'
        else date_trunc('hour', now()) - (($rounds::bigint - 1 - p.round) * 146 + ${pick(1, 7)}) * interval '1 day'
      end + (10 + ${pick(2, 8)}) * interval '1 hour' as at,
      case when p.round = $rounds::bigint - 1
        then ${weighted(
          [
            ["'booked'", 0.8],
            ["'requested'", 0.2],
          ],
          9,
        )}
        else ${weighted(
          [
            ["'completed'", 0.7],
            ["'no_show'", 0.1],
            ["'cancelled'", 0.15],
            ["'released'", 0.05],
          ],
          10,
        )}
      end as status
  ) q
  cross join lateral (
    select q.*,
      case when q.status = 'completed' then ${weighted(
        [
          ["'application_sent'", 0.3],
          ["'lead_lost'", 0.2],
          ["null", 0.5],
        ],
        11,
      )} end as follow_up,
      case when q.status = 'requested' then now() - ${pick(12, 1_200)} * interval '1 minute'
        else least(q.at, now()) - (1 + ${pick(13, 10)}) * interval '1 day' end as made
  ) s`;

export async function loadShowings(context: ScaleContext): Promise<Record<string, number>> {
  const { client, sizes, base, salt } = context;
  const showings = await inBatches(client, insertShowings, sizes.showings, {
    salt,
    units: sizes.units,
    unitBase: base.unit,
    rounds: Math.ceil(sizes.showings / sizes.units),
  });
  return { showings };
}
