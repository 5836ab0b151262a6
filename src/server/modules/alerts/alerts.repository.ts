import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AlertCriteria, AlertFrequency, AlertLanguage, AlertStatus } from "#domain/alerts";
import type { Executor } from "#server/db/client";
import { alertDeliveries, alertSubscriptions, properties } from "#server/db/schema";

export type SubscriptionRow = typeof alertSubscriptions.$inferSelect & {
  criteria: AlertCriteria;
  frequency: AlertFrequency;
  lang: AlertLanguage;
  status: AlertStatus;
};

/** A unit as the matching rule reads it: SQL for its bedrooms, rent, town and availability date. */
export type MatchedUnit = { bedrooms: SQL; rent: SQL; city: SQL; availableFrom: SQL };

/** A stored unit `u` of its building `p`. */
const storedUnit: MatchedUnit = {
  bedrooms: sql`u.bedrooms`,
  rent: sql`u.rent`,
  city: sql`p.city`,
  availableFrom: sql`u.available_from`,
};

/**
 * The SQL test of a subscription `s` against a unit (by default the stored unit `u` of its
 * building `p`) on the office day `today`: the same rule as `matchesCriteria` in the domain,
 * written for the database so that matching every subscription against every listed unit is
 * one statement. The back office counts a unit being edited with it too, from its values.
 */
export const matchesSql = (today: string, unit: MatchedUnit = storedUnit) => sql`
  (s.criteria->>'bedroomsMin' is null or ${unit.bedrooms} >= (s.criteria->>'bedroomsMin')::int)
  and (s.criteria->>'rentMax' is null or ${unit.rent} <= (s.criteria->>'rentMax')::numeric)
  and (s.criteria->'towns' is null or s.criteria->'towns' ? ${unit.city})
  and (coalesce((s.criteria->>'availableNow')::boolean, false) = false
       or ${unit.availableFrom} is null or ${unit.availableFrom} <= ${today}::date)`;

/** A unit the public sees as available: listed (its building active) and marked available. */
const listedSql = sql`u.available and p.active`;

export function createAlertsRepository(db: Executor) {
  return {
    /** The agency's towns: the cities of its active buildings. */
    async towns(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ city: properties.city })
        .from(properties)
        .where(eq(properties.active, true))
        .orderBy(properties.city);
      return rows.map((r) => r.city);
    },

    /** Serializes subscribe and confirm for one address within the caller's transaction. */
    async lockAddress(email: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`alerts:${email}`}))`);
    },

    async countCreatedSince(email: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(alertSubscriptions)
        .where(
          and(eq(alertSubscriptions.email, email), sql`${alertSubscriptions.createdAt} > ${since}`),
        );
      return row?.n ?? 0;
    },

    /** The address's confirmed subscriptions (active or paused), oldest first. */
    async confirmedOf(email: string): Promise<SubscriptionRow[]> {
      return (await db
        .select()
        .from(alertSubscriptions)
        .where(
          and(
            eq(alertSubscriptions.email, email),
            inArray(alertSubscriptions.status, ["active", "paused"]),
          ),
        )
        .orderBy(alertSubscriptions.createdAt)) as SubscriptionRow[];
    },

    async insert(row: typeof alertSubscriptions.$inferInsert): Promise<void> {
      await db.insert(alertSubscriptions).values(row);
    },

    async findByConfirmHash(hash: string, lock = false): Promise<SubscriptionRow | undefined> {
      const query = db
        .select()
        .from(alertSubscriptions)
        .where(eq(alertSubscriptions.confirmTokenHash, hash));
      const [row] = lock ? await query.for("update") : await query;
      return row as SubscriptionRow | undefined;
    },

    async findByManageHash(hash: string, lock = false): Promise<SubscriptionRow | undefined> {
      const query = db
        .select()
        .from(alertSubscriptions)
        .where(eq(alertSubscriptions.manageTokenHash, hash));
      const [row] = lock ? await query.for("update") : await query;
      return row as SubscriptionRow | undefined;
    },

    async update(id: string, values: Partial<typeof alertSubscriptions.$inferInsert>) {
      await db
        .update(alertSubscriptions)
        .set({ ...values, lastActivityAt: sql`now()` })
        .where(eq(alertSubscriptions.id, id));
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db
        .delete(alertSubscriptions)
        .where(eq(alertSubscriptions.id, id))
        .returning({ id: alertSubscriptions.id });
      return rows.length === 1;
    },

    /**
     * Records every unit the subscription matches today as already known: what is listed when a
     * renter confirms, changes or resumes an alert is not news to them.
     */
    async markListedAsKnown(subscriptionId: string, today: string): Promise<void> {
      await db.execute(sql`
        insert into alert_deliveries (subscription_id, unit_id, state)
        select s.id, u.id, 'known'
        from alert_subscriptions s
        join units u on true
        join properties p on p.id = u.property_id
        where s.id = ${subscriptionId} and ${listedSql} and ${matchesSql(today)}
        on conflict (subscription_id, unit_id) do nothing`);
      // What was waiting for a summary under the old criteria is dropped if it no longer matches.
      await db.execute(sql`
        delete from alert_deliveries d
        using alert_subscriptions s, units u, properties p
        where d.subscription_id = ${subscriptionId} and d.state = 'pending'
          and s.id = d.subscription_id and u.id = d.unit_id and p.id = u.property_id
          and not (${listedSql} and ${matchesSql(today)})`);
    },

    /**
     * Every listed unit each active subscription matches and has never been told about becomes
     * pending: one statement; the primary key makes a pair that exists (or that another
     * instance is inserting) a no-op. Answers how many are new.
     */
    async matchNew(today: string): Promise<number> {
      const result = await db.execute(sql`
        insert into alert_deliveries (subscription_id, unit_id, state)
        select s.id, u.id, 'pending'
        from alert_subscriptions s
        join units u on true
        join properties p on p.id = u.property_id
        where s.status = 'active' and ${listedSql} and ${matchesSql(today)}
        on conflict (subscription_id, unit_id) do nothing`);
      return result.rowCount ?? 0;
    },

    /** Subscriptions with alerts waiting: instant ones always, daily ones when their day is due. */
    async withPending(frequency: AlertFrequency, today: string, limit: number): Promise<string[]> {
      const due =
        frequency === "daily"
          ? sql`and (s.last_digest_on is null or s.last_digest_on < ${today}::date)`
          : sql``;
      const result = await db.execute<{ id: string }>(sql`
        select s.id from alert_subscriptions s
        where s.status = 'active' and s.frequency = ${frequency} ${due}
          and exists (select 1 from alert_deliveries d
                      where d.subscription_id = s.id and d.state = 'pending')
        limit ${limit}`);
      return result.rows.map((r) => r.id);
    },

    /**
     * Locks an active subscription of that frequency, unless another instance holds it (then
     * undefined: that one is sending its alerts). FOR NO KEY UPDATE, not FOR UPDATE: it still
     * excludes another sender, a change of the row and its deletion, but not the key-share lock
     * that inserting a delivery takes on it (the foreign key), so another instance's matching
     * does not wait for this send to commit.
     */
    async lockForSending(id: string, frequency: AlertFrequency) {
      const [row] = await db
        .select()
        .from(alertSubscriptions)
        .where(
          and(
            eq(alertSubscriptions.id, id),
            eq(alertSubscriptions.status, "active"),
            eq(alertSubscriptions.frequency, frequency),
          ),
        )
        .for("no key update", { skipLocked: true });
      return row as SubscriptionRow | undefined;
    },

    async pendingUnits(subscriptionId: string): Promise<number[]> {
      const rows = await db
        .select({ unitId: alertDeliveries.unitId })
        .from(alertDeliveries)
        .where(
          and(
            eq(alertDeliveries.subscriptionId, subscriptionId),
            eq(alertDeliveries.state, "pending"),
          ),
        )
        .orderBy(alertDeliveries.matchedAt, alertDeliveries.unitId);
      return rows.map((r) => r.unitId);
    },

    async markSent(subscriptionId: string, unitIds: number[]) {
      if (unitIds.length === 0) return;
      await db
        .update(alertDeliveries)
        .set({ state: "sent", sentAt: sql`now()` })
        .where(
          and(
            eq(alertDeliveries.subscriptionId, subscriptionId),
            inArray(alertDeliveries.unitId, unitIds),
          ),
        );
    },

    /** Pending alerts of units that no longer match (rented, rent raised): they wait no more. */
    async dropPending(subscriptionId: string, unitIds: number[]) {
      if (unitIds.length === 0) return;
      await db
        .delete(alertDeliveries)
        .where(
          and(
            eq(alertDeliveries.subscriptionId, subscriptionId),
            eq(alertDeliveries.state, "pending"),
            inArray(alertDeliveries.unitId, unitIds),
          ),
        );
    },

    /** Unconfirmed subscriptions past their link's time: removed. */
    async purgeUnconfirmed(now: Date): Promise<number> {
      const rows = await db
        .delete(alertSubscriptions)
        .where(
          and(
            eq(alertSubscriptions.status, "pending"),
            sql`${alertSubscriptions.confirmExpiresAt} < ${now}`,
          ),
        )
        .returning({ id: alertSubscriptions.id });
      // A confirmed one's confirmation link ends with its time too.
      await db
        .update(alertSubscriptions)
        .set({ confirmTokenHash: null, confirmExpiresAt: null })
        .where(sql`${alertSubscriptions.confirmExpiresAt} < ${now}`);
      return rows.length;
    },

    /** Subscriptions with no activity since `before`: removed with what they were sent. */
    async purgeInactive(before: Date): Promise<number> {
      const rows = await db
        .delete(alertSubscriptions)
        .where(sql`${alertSubscriptions.lastActivityAt} < ${before}`)
        .returning({ id: alertSubscriptions.id });
      return rows.length;
    },
  };
}
