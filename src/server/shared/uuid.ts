const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value from a URL, a token or a body is a uuid. Ids that are not are simply unknown:
 * checked before a query, so PostgreSQL never refuses the cast (a 500) or gets the value at all.
 */
export const isUuid = (value: string): boolean => UUID.test(value);
