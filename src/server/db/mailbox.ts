import { type SQL, sql } from "drizzle-orm";

/**
 * The mailbox an e-mail address reaches, as SQL: what per-address limits compare, so that
 * `rosa+1@example.com`, `rosa+2@example.com` and `rosa@example.com` count as the one person they
 * are. The part after a `+` in the local part is a tag that most providers deliver to the same
 * mailbox; Gmail also ignores dots and answers for googlemail.com. Addresses arrive lower-cased
 * (the e-mail schema does it). One expression for a generated column (`mailboxKey(sql.raw(
 * "email"))`) and for a query's value (`mailboxKey(sql`${email}`)`), so the two always agree.
 */
export function mailboxKey(address: SQL): SQL<string> {
  const local = sql`regexp_replace(split_part(${address}, '@', 1), '[+].*$', '')`;
  const domain = sql`split_part(${address}, '@', 2)`;
  return sql<string>`case when ${domain} in ('gmail.com', 'googlemail.com')
    then replace(${local}, '.', '') || '@gmail.com'
    else ${local} || '@' || ${domain} end`;
}
