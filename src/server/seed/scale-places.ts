import { amenityChoices } from "#domain/listing-format";
import { accessibilityFeatures, leaseTermChoices, utilities } from "#domain/unit-facts";
import type { ScaleContext } from "./scale-sizes";
import {
  emailFrom,
  oneOf,
  personName,
  pick,
  quote,
  rnd,
  rowUuid,
  run,
  someOf,
  textArray,
  weighted,
} from "./scale-sql";
import {
  buildingDescriptions,
  buildingDescriptionsEs,
  firstNames,
  lastNames,
  places,
  shortSuffixes,
  streetSuffixes,
  streets,
  unitDescriptions,
  unitFeatures,
} from "./scale-words";

/**
 * Buildings, their units and the tenants living in them. A building's type sets how many homes
 * it has (a house one, an apartment building a dozen to thirty): each building gets a share of
 * the units in proportion to its weight, and the shares add up to exactly the size asked for
 * (a house may get none: staff then say whether it has a vacancy).
 */

/** Types, their share of buildings, and their weight: a number of homes before scaling. */
const buildingTypes: [type: string, share: number, weight: string][] = [
  ["apartment", 0.34, `12 + ${pick(3, 25)}`],
  ["condo", 0.08, `6 + ${pick(3, 10)}`],
  ["townhouse", 0.12, `4 + ${pick(3, 7)}`],
  ["loft", 0.05, `8 + ${pick(3, 17)}`],
  ["duplex", 0.1, "2"],
  ["multi-family", 0.13, `3 + ${pick(3, 4)}`],
  ["single-family", 0.13, "1"],
  ["house", 0.05, "1"],
];

const typeSql = weighted(
  buildingTypes.map(([type, share]) => [quote(type), share]),
  1,
);
const weightSql = `(case type ${buildingTypes
  .map(([type, , weight]) => `when ${quote(type)} then ${weight}`)
  .join(" ")} end)`;

/** The plan of the load's buildings: type, place, and which of the load's units are theirs. */
const planBuildings = `
  create temp table scale_buildings on commit drop as
  with typed as (
    select g as n, ${typeSql} as type, ${pick(2, places.length)} as place
    from generate_series(1, $buildings::bigint) g
  ), weighed as (
    select *, ${weightSql} as weight from typed, lateral (select n as g) r
  ), summed as (
    select *, sum(weight) over (order by n) as upto, sum(weight) over () as total from weighed
  )
  select n, type, place,
    floor($units::bigint * (upto - weight) / total)::int as first_unit,
    (floor($units::bigint * upto / total) - floor($units::bigint * (upto - weight) / total))::int
      as unit_count
  from summed`;

const small = `b.type in ('single-family', 'house', 'duplex')`;

const insertBuildings = `
  insert into properties (id, title, type, address, city, state, zip_code, description,
    description_es, year_built, total_units, amenities, featured, active, has_vacancy,
    created_at, updated_at)
  overriding system value
  select $propertyBase + b.n,
    case when ${small} then s.address
         when ${pick(13, 2)} = 0 then s.street || ' ' || ${oneOf(streetSuffixes, 14)}
         else split_part(s.street, ' ', 1) || ' ' || ${oneOf(shortSuffixes, 15)} end,
    b.type, s.address, s.town, 'CT', (${textArray(places.map((p) => p.zip))})[1 + b.place],
    format(${oneOf(buildingDescriptions, 16)}, b.type, s.town),
    case when ${rnd(17)} < 0.2 then format(${oneOf(buildingDescriptionsEs, 18)}, s.town) end,
    1885 + ${pick(19, 137)}, b.unit_count,
    ${someOf(
      amenityChoices.map((amenity, i) => [amenity, [0.5, 0.95, 0.4, 0.2, 0.6][i] ?? 0.15]),
      300,
    )},
    ${rnd(40)} < 0.015, ${rnd(41)} < 0.97, b.unit_count = 0 and ${rnd(42)} < 0.3,
    s.created_at, s.created_at + (now() - s.created_at) * ${rnd(43)}
  from scale_buildings b, lateral (select b.n as g) r, lateral (
    select ${oneOf(streets, 11)} as street,
      (${textArray(places.map((p) => p.town))})[1 + b.place] as town,
      now() - ${rnd(12)} * interval '3650 days' as created_at
  ) t, lateral (
    select t.*, (10 + ${pick(10, 1890)}) || ' ' || t.street as address
  ) s`;

const bedroomsSql = `(case
  when b.type in ('single-family', 'house') then ${weighted(
    [
      ["3", 0.55],
      ["4", 0.35],
      ["5", 0.1],
    ],
    51,
  )}
  when b.type = 'townhouse' then ${weighted(
    [
      ["2", 0.4],
      ["3", 0.6],
    ],
    51,
  )}
  when b.type in ('duplex', 'multi-family') then ${weighted(
    [
      ["1", 0.15],
      ["2", 0.45],
      ["3", 0.4],
    ],
    51,
  )}
  else ${weighted(
    [
      ["0", 0.08],
      ["1", 0.4],
      ["2", 0.37],
      ["3", 0.15],
    ],
    51,
  )} end)`;

const unitNumberSql = `(case
  when b.type in ('single-family', 'house') and k = 1 then 'House'
  when b.type in ('duplex', 'multi-family') and k <= 6
    then (array['1st Floor', '2nd Floor', '3rd Floor', '4th Floor', '5th Floor', '6th Floor'])[k]
  when b.type = 'townhouse' and k <= 26 then chr(64 + k::int)
  when b.type in ('apartment', 'condo', 'loft') then (((k - 1) / 8 + 1) * 100 + (k - 1) % 8 + 1)::text
  else 'Unit ' || k end)`;

const insertUnits = `
  insert into units (id, property_id, unit_number, bedrooms, bathrooms, square_feet, rent, deposit,
    available, available_from, features, description, accessibility_features, utilities_included,
    pets, pet_deposit, parking, parking_fee, laundry, smoking, lease_terms, vouchers_welcome,
    availability_confirmed_at, created_at, updated_at)
  overriding system value
  select $unitBase + g, p.id, ${unitNumberSql}, x.bedrooms,
    greatest(1, least(x.bedrooms, 1 + ${pick(52, 3)} * 0.5)),
    420 + x.bedrooms * 330 + ${pick(53, 250)}, x.rent,
    case when ${rnd(54)} < 0.8 then x.rent else round(x.rent * 1.5 / 25) * 25 end,
    x.available,
    case when x.available and ${rnd(55)} < 0.45 then current_date + 3 + ${pick(56, 55)}::int end,
    ${someOf(
      unitFeatures.map((feature, i) => [feature, [0.6, 0.45, 0.3, 0.2, 0.35][i] ?? 0.15]),
      200,
    )},
    case when ${rnd(57)} < 0.3 then ${oneOf(unitDescriptions, 58)} else '' end,
    ${someOf(
      accessibilityFeatures.map((feature) => [feature, 0.06]),
      220,
    )},
    ${someOf(
      utilities.map((utility) => [
        utility,
        { heat: 0.3, "hot-water": 0.4, "water-and-sewer": 0.6, trash: 0.7 }[utility as string] ??
          0.05,
      ]),
      240,
    )},
    x.pets, case when x.pets in ('cats', 'dogs', 'cats-and-dogs') then 250 + ${pick(59, 3)} * 125 else 0 end,
    x.parking, case when x.parking = 'garage' then 75 + ${pick(61, 4)} * 25 else 0 end,
    ${weighted(
      [
        ["'in-unit'", 0.3],
        ["'in-building'", 0.45],
        ["'none'", 0.15],
        ["null", 0.1],
      ],
      62,
    )},
    ${weighted(
      [
        ["'not-allowed'", 0.8],
        ["'outside-only'", 0.1],
        ["null", 0.1],
      ],
      63,
    )},
    ${someOf(
      leaseTermChoices.map((term) => [
        term,
        { "month-to-month": 0.15, "6-months": 0.1, "12-months": 1 }[term as string] ?? 0.07,
      ]),
      260,
    )},
    ${rnd(64)} < 0.35,
    case when x.available then now() - ${rnd(65)} * interval '20 days' else x.updated_at end,
    p.created_at, x.updated_at
  from scale_buildings b
  join properties p on p.id = $propertyBase + b.n
  cross join lateral generate_series(b.first_unit + 1, b.first_unit + b.unit_count) as g
  cross join lateral (select g - b.first_unit as k) pos
  cross join lateral (select ${bedroomsSql} as bedrooms) rooms
  cross join lateral (
    select rooms.bedrooms,
      (round((850 + rooms.bedrooms * 330 + ${pick(66, 300)})
        * (${`array[${places.map((place) => place.rent.toFixed(2)).join(", ")}]::float8[]`})[1 + b.place] / 25) * 25)::numeric as rent,
      -- About Connecticut's rental vacancy: most homes are let.
      ${rnd(67)} < 0.03 as available,
      greatest(p.created_at, now() - ${rnd(68)} * interval '700 days') as updated_at,
      ${weighted(
        [
          ["'none'", 0.4],
          ["'cats'", 0.25],
          ["'cats-and-dogs'", 0.2],
          ["'dogs'", 0.05],
          ["null", 0.1],
        ],
        69,
      )} as pets,
      ${weighted(
        [
          ["'lot'", 0.4],
          ["'street'", 0.3],
          ["'garage'", 0.1],
          ["'none'", 0.1],
          ["null", 0.1],
        ],
        70,
      )} as parking
  ) x`;

/** Tenants of the portal: invited by the office in its last three years, each to a rented unit. */
const insertTenants = `
  insert into users (id, email, display_name, role, email_verified, password_hash, created_at,
    unit_id, unit_since, invited_at, language)
  select ${rowUuid("tenant")}, ${emailFrom("t.name", "'.' || g", "example.net")},
    t.name, 'tenant', ${rnd(72)} < 0.9,
    -- As the office's invitation makes them: a tenant signs in by e-mailed links, never a password.
    '', t.invited_at, t.unit_id, t.since, t.invited_at,
    case when ${rnd(73)} < 0.15 then 'es' else 'en' end
  from (
    select u.id as unit_id, row_number() over (order by hashint8extended(u.id, 71)) as g
    from units u
    where u.id between $unitBase + 1 and $unitBase + $units and not u.available
    order by hashint8extended(u.id, 71)
    limit $tenants
  ) rented, lateral (
    select ${personName(firstNames, lastNames, 74)} as name,
      now() - (30 + ${rnd(75)} * 2900) * interval '1 day' as since
  ) p, lateral (
    select p.name, p.since, rented.unit_id,
      greatest(p.since, now() - interval '3 years') + ${rnd(76)} * interval '20 days' as invited_at
  ) t`;

export async function loadPlaces(context: ScaleContext): Promise<Record<string, number>> {
  const { client, sizes, base, salt } = context;
  const params = {
    buildings: sizes.buildings,
    units: sizes.units,
    tenants: sizes.tenants,
    propertyBase: base.property,
    unitBase: base.unit,
    salt,
  };
  await run(client, planBuildings, params);
  const properties = await run(client, insertBuildings, params);
  const units = await run(client, insertUnits, params);
  const tenants = await run(client, insertTenants, params);
  return { properties, units, users: tenants };
}
