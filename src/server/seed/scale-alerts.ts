import { createHash } from "node:crypto";
import { OFFICE_TIME_ZONE, officeDay } from "#domain/locale";
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
  run,
  textArray,
  weighted,
} from "./scale-sql";
import { firstNames, lastNames, places } from "./scale-words";

/**
 * Listing alerts of the last two years (the retention drops older ones), confirmed, mostly
 * active. A confirmed alert has been told about every home it matches that is listed now (as
 * the product records on confirming, and as it records what it sent since): the load writes
 * those deliveries as known or sent, so the alert runner's next pass finds nothing new and no
 * e-mail goes out for data that was merely loaded.
 */

/**
 * HMAC-SHA256 in SQL, as alert-tokens.ts derives a manage token: the key's inner and outer pads
 * are computed here once, the two hashes there per row.
 */
function hmacPads(secret: Uint8Array): { inner: Buffer; outer: Buffer } {
  const block = Buffer.alloc(64);
  const key = secret.length > 64 ? createHash("sha256").update(secret).digest() : secret;
  Buffer.from(key).copy(block);
  return {
    inner: Buffer.from(block.map((byte) => byte ^ 0x36)),
    outer: Buffer.from(block.map((byte) => byte ^ 0x5c)),
  };
}

const base64url = (bytes: string) =>
  `rtrim(translate(encode(${bytes}, 'base64'), '+/', '-_'), '=')`;

/** The stored hash of row `id`'s manage token: base64url(sha256(base64url(hmac))). */
const manageHash = (id: string) => {
  const message = `convert_to('rentals:alerts:manage:' || ${id}::text, 'UTF8')`;
  const token = base64url(`sha256($outer::bytea || sha256($inner::bytea || ${message}))`);
  return base64url(`sha256(convert_to(${token}, 'UTF8'))`);
};

/** The agency's towns, each as likely: a renter names one or two. */
const towns = textArray([...new Set(places.map((place) => place.town))]);
const townCount = new Set(places.map((place) => place.town)).size;

/**
 * What renters ask for: a town or two (one in a hundred any town, with a budget), a budget most
 * of the time, often a number of bedrooms; a quarter only homes free now.
 */
const criteria = `jsonb_strip_nulls(jsonb_build_object(
    'bedroomsMin', nullif(${weighted(
      [
        ["0", 0.15],
        ["1", 0.35],
        ["2", 0.35],
        ["3", 0.15],
      ],
      81,
    )}, 0),
    'rentMax', case when ${rnd(82)} < 0.75 or ${rnd(84)} < 0.01 then 1000 + ${pick(83, 16)} * 100 end,
    'towns', case when ${rnd(84)} >= 0.01 then (
      select jsonb_agg(distinct town order by town)
      from unnest(array[
        (${towns})[1 + ${pick(85, townCount)}],
        case when ${rnd(86)} < 0.2 then (${towns})[1 + ${pick(87, townCount)}] end
      ]) town where town is not null) end,
    'availableNow', case when ${rnd(90)} < 0.25 then true end))`;

const insertSubscriptions = `
  with made as (
    insert into alert_subscriptions (id, email, criteria, frequency, lang, status,
      manage_token_hash, confirmed_at, last_digest_on, last_activity_at, created_at)
    select x.id, ${emailFrom(personName(firstNames, lastNames, 91), "'.' || g", "example.org")},
      ${criteria}, x.frequency, case when ${rnd(92)} < 0.12 then 'es' else 'en' end, x.status,
      ${manageHash("x.id")}, x.confirmed_at,
      case when x.frequency = 'daily' and x.status = 'active'
        then (now() at time zone ${quote(OFFICE_TIME_ZONE)})::date - 1 end,
      greatest(x.confirmed_at, now() - ${rnd(93)} * interval '60 days'), x.created_at
    from generate_series($from::bigint, $to::bigint) g
    cross join lateral (
      select ${rowUuid("alert")} as id, ${oneOf(["instant", "instant", "daily", "daily", "daily"], 94)} as frequency,
        case when ${rnd(95)} < 0.95 then 'active' else 'paused' end as status,
        now() - ${ageOf(700)} * interval '1 day' as created_at
    ) c
    cross join lateral (
      select c.*, least(now(), c.created_at + (2 + ${rnd(96)} * 600) * interval '1 minute') as confirmed_at
    ) x
    returning id
  )
  insert into scale_alerts select id from made`;

/**
 * The product's matching rule (the alerts module's `matchesSql`: bedrooms, rent, towns, available
 * now), over the criteria taken apart once and the homes listed now (available, in an active
 * building), joined by town: a statement over every pair would take minutes at this size. The
 * test runs the alert runner's own pass after a load, which must find nothing new.
 */
const keepCriteria = `
  create temp table scale_criteria on commit drop as
  select s.id, s.confirmed_at, (s.criteria->>'bedroomsMin')::int as bedrooms_min,
    (s.criteria->>'rentMax')::numeric as rent_max,
    case when s.criteria ? 'towns'
      then array(select jsonb_array_elements_text(s.criteria->'towns')) end as towns,
    coalesce((s.criteria->>'availableNow')::boolean, false) as available_now
  from scale_alerts a join alert_subscriptions s on s.id = a.id`;

const keepListed = `
  create temp table scale_listed on commit drop as
  select u.id, u.bedrooms, u.rent, p.city, u.available_from
  from units u join properties p on p.id = u.property_id
  where u.available and p.active`;

/** A third of what matches was sent since the alert was confirmed; the rest was known then. */
const draw = (salt: number) => rnd(salt, "l.id::bigint + hashtext(c.id::text)");
const sentAt = `greatest(c.confirmed_at, now() - ${draw(98)} * interval '60 days')`;
const insertDeliveries = (byTown: boolean) => `
  insert into alert_deliveries (subscription_id, unit_id, state, matched_at, sent_at)
  select c.id, l.id, case when ${draw(97)} < 0.3 then 'sent' else 'known' end,
    case when ${draw(97)} < 0.3 then ${sentAt} else c.confirmed_at end,
    case when ${draw(97)} < 0.3 then ${sentAt} end
  from scale_criteria c
  ${
    byTown
      ? "cross join unnest(c.towns) town join scale_listed l on l.city = town"
      : "join scale_listed l on c.towns is null"
  }
  where (c.bedrooms_min is null or l.bedrooms >= c.bedrooms_min)
    and (c.rent_max is null or l.rent <= c.rent_max)
    and (not c.available_now or l.available_from is null or l.available_from <= $today::date)`;

export async function loadAlerts(context: ScaleContext): Promise<Record<string, number>> {
  const { client, sizes, salt, secret } = context;
  const { inner, outer } = hmacPads(secret);
  await client.query("create temp table scale_alerts (id uuid primary key) on commit drop");
  const subscriptions = await inBatches(client, insertSubscriptions, sizes.alertSubscriptions, {
    salt,
    total: sizes.alertSubscriptions,
    inner,
    outer,
  });
  await run(client, keepCriteria);
  await run(client, keepListed);
  // Temporary tables have no statistics until asked: without them the join is planned blind.
  await client.query("analyze scale_criteria, scale_listed");
  const today = officeDay(new Date());
  let deliveries = 0;
  for (const byTown of [true, false]) {
    deliveries += await run(client, insertDeliveries(byTown), { today });
  }
  return { alert_subscriptions: subscriptions, alert_deliveries: deliveries };
}
