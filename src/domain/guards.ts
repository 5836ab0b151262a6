/**
 * Type guards for what the browser's storage gives back (consent, accessibility preferences,
 * notifications). Those readers run on every page's first view, and a zod schema there would
 * bring zod's schema machinery to every visitor; these checks are the same rules in a few lines.
 */

/** A plain object, as z.object accepts: not null, not an array. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  (values as readonly unknown[]).includes(value);

/** A string of `min` to `max` characters (UTF-16 code units, as zod counts them). */
export const isStringOfLength = (value: unknown, min: number, max: number): value is string =>
  typeof value === "string" && value.length >= min && value.length <= max;

// The patterns of z.iso.datetime() and z.iso.datetime({ offset: true }) (zod/v4/core/regexes.js),
// written out so that no zod module comes along; guards.test.ts checks that they still agree.
// A calendar date (29 February in leap years only), T, hh:mm:ss with an optional fraction, then
// Z or, with the offset, also ±hh:mm.
const DATE =
  "(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8])))";
const TIME = "(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?";
const utcDateTime = new RegExp(`^${DATE}T${TIME}Z$`);
const offsetDateTime = new RegExp(`^${DATE}T${TIME}(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$`);

/** An ISO 8601 date-time with seconds, ending in Z, or (with `offset`) also in ±hh:mm. */
export const isIsoDateTime = (value: unknown, { offset = false } = {}): value is string =>
  typeof value === "string" && (offset ? offsetDateTime : utcDateTime).test(value);
