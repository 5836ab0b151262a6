import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import {
  type AdminProperty,
  adminMessages,
  DASHBOARD_FIRST_FETCH_DELAY_MS,
  DASHBOARD_RETRY_AFTER_429_MS,
  DASHBOARD_THROTTLE_MS,
  type DashboardStats,
  RETRY_DISABLED_MS,
  type UnitToConfirm,
} from "#domain/admin";
import { adminPropertiesApi, NEXT_CURSOR_HEADER } from "#domain/api/admin-properties";
import { ApiError, requestWithHeaders } from "#web/lib/api-client";
import { contractQuery } from "#web/lib/query";

export type AdminPropertiesStatus = "loading" | "loaded" | "error";

/** The Overview's units to confirm: the first page of them, and how many there are. */
export type UnitsToConfirmPage = {
  items: UnitToConfirm[];
  total: number;
  nextCursor: string | null;
};

/**
 * What the dashboard loads at once, under one rhythm: the first page of buildings (newest
 * first), the figures of all of them (counted by the database) and the first units due for
 * confirmation. Kept under the listings' key, so every write that changes the listings
 * refetches it.
 */
export type DashboardData = {
  properties: AdminProperty[];
  /** The cursor of the page of buildings after this one; null on the last. */
  nextCursor: string | null;
  stats: DashboardStats;
  due: UnitsToConfirmPage;
};

export const dashboardQueryKey = ["listings", "adminDashboard"] as const;

export type AdminPropertiesState = {
  /** The last page of buildings the server sent; kept while a reload runs and after a failed one. */
  properties: AdminProperty[];
  /** The next page's cursor, null on the last page (and before the first answer). */
  nextCursor: string | null;
  /** The figures of every building; null until the first answer. */
  stats: DashboardStats | null;
  /** The units due for confirmation; null until the first answer. */
  due: UnitsToConfirmPage | null;
  /** "loading" only until the first answer; a reload leaves it as it was until it ends. */
  status: AdminPropertiesStatus;
  error: string | null;
  /** True while a request is on its way. */
  refreshing: boolean;
  /** True for 2 s after the last request, and while a 429 hold lasts (a retry would do nothing). */
  retryDisabled: boolean;
  /** When the last request started (ms since the epoch), null before the first. */
  lastRequestAt: number | null;
  /**
   * Loads the list again (the Retry buttons), unless the last request is under 2 s old or a 429
   * hold lasts. A write does not go through here: its contract's invalidation refetches the list
   * at once, past the 2 s rule but never during a 429 hold.
   */
  reload(): Promise<void>;
};

export function isTooManyRequests(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}

/** The dashboard's words for a failed load. */
export function loadErrorMessage(error: unknown): string {
  if (isTooManyRequests(error)) return adminMessages.tooManyRequests;
  if (error instanceof ApiError && error.status === 0) return adminMessages.connectionFailed;
  if (error instanceof Error && error.message.includes("429")) return adminMessages.serverBusy;
  // Any other refusal, and an answer that is not the contract's list, is a failed load.
  return adminMessages.loadFailed;
}

/** True until `time` (ms since the epoch); the component renders again when it passes. */
function useUntil(time: number): boolean {
  const [, setTick] = useState(0);
  useEffect(() => {
    const wait = time - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(() => setTick((n) => n + 1), wait);
    return () => clearTimeout(timer);
  }, [time]);
  return Date.now() < time;
}

const noProperties: AdminProperty[] = [];

const stats = contractQuery(adminPropertiesApi.stats, {});
const due = contractQuery(adminPropertiesApi.unitsToConfirm, {});

/** Which page of buildings the load reads: the Properties tab's search and page, or the first. */
export type PropertyPage = { q?: string; cursor?: string };

/** The three reads of a dashboard load, together: one failing fails the load. */
async function readDashboard(
  { signal }: { signal: AbortSignal },
  { q, cursor }: PropertyPage,
): Promise<DashboardData> {
  const [list, figures, units] = await Promise.all([
    // The page's buildings are the bare array; the next page's cursor is in a header.
    requestWithHeaders(adminPropertiesApi.list, { query: { q, cursor } }, { signal }),
    stats.queryFn({ signal }),
    due.queryFn({ signal }),
  ]);
  return {
    properties: list.body,
    nextCursor: list.headers.get(NEXT_CURSOR_HEADER),
    stats: figures,
    due: units,
  };
}

type Rhythm = {
  lastRequestAt: number | null;
  /** After a 429, nothing is asked before this time (ms since the epoch). */
  holdUntil: number;
  /**
   * The words of the last failed load, kept while a retry runs: without a list yet, the query
   * itself forgets its error as soon as it asks again.
   */
  failure: string | null;
};

/**
 * The dashboard's load (the first page of buildings, the figures, the units to confirm), under
 * its request rhythm:
 * - the first request 100 ms after mount (the timer below, then `enabled`);
 * - at most one request per 2 s: `staleTime` keeps TanStack's own refetches (mount, reconnect)
 *   from asking sooner, and `reload` skips a Retry within 2 s of the last request;
 * - after a 429, nothing for 30 s (`enabled` is false, so even an invalidation waits), then one
 *   request by itself (the query, stale, fetches when it is enabled again).
 * The Overview and Properties tabs share one instance, so they show the same load; a search
 * or another page in the Properties tab is a load of its own (the last one stays on screen
 * while it comes).
 */
export function useAdminProperties(page: PropertyPage = {}): AdminPropertiesState {
  const { q, cursor } = page;
  const [started, setStarted] = useState(false);
  const [rhythm, setRhythm] = useState<Rhythm>({
    lastRequestAt: null,
    holdUntil: 0,
    failure: null,
  });
  const held = useUntil(rhythm.holdUntil);
  const justAsked = useUntil((rhythm.lastRequestAt ?? 0) + RETRY_DISABLED_MS);

  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), DASHBOARD_FIRST_FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const query = useQuery({
    queryKey: [...dashboardQueryKey, { q, cursor }],
    // The contracts' own reads, with the rhythm's bookkeeping around them.
    queryFn: async (context) => {
      const { signal } = context;
      const startedAt = Date.now();
      setRhythm((r) => ({ ...r, lastRequestAt: startedAt }));
      try {
        const data = await readDashboard(context, { q, cursor });
        setRhythm((r) => ({ ...r, failure: null }));
        return data;
      } catch (error) {
        // A request replaced by a newer one, or left on unmount, says nothing.
        if (!signal.aborted) {
          setRhythm((r) => ({
            ...r,
            failure: loadErrorMessage(error),
            holdUntil: isTooManyRequests(error)
              ? Date.now() + DASHBOARD_RETRY_AFTER_429_MS
              : r.holdUntil,
          }));
        }
        throw error;
      }
    },
    enabled: started && !held,
    // Another search or page: the last one stays on screen until its answer.
    placeholderData: keepPreviousData,
    staleTime: DASHBOARD_THROTTLE_MS,
  });

  const { refetch } = query;
  const { lastRequestAt, holdUntil } = rhythm;
  const reload = useCallback(async (): Promise<void> => {
    // During a 429 hold the request at its end is already planned.
    if (Date.now() < holdUntil) return;
    if (lastRequestAt !== null && Date.now() - lastRequestAt < DASHBOARD_THROTTLE_MS) return;
    await refetch();
  }, [refetch, lastRequestAt, holdUntil]);

  let status: AdminPropertiesStatus;
  let error: string | null = null;
  if (query.status === "success") {
    status = "loaded";
  } else if (query.status === "error") {
    status = "error";
    error = loadErrorMessage(query.error);
  } else if (rhythm.failure !== null) {
    // Asking again after a failed first load: the error stays on screen until the answer.
    status = "error";
    error = rhythm.failure;
  } else {
    status = "loading";
  }

  return {
    properties: query.data?.properties ?? noProperties,
    nextCursor: query.data?.nextCursor ?? null,
    stats: query.data?.stats ?? null,
    due: query.data?.due ?? null,
    status,
    error,
    refreshing: query.isFetching,
    retryDisabled: held || justAsked,
    lastRequestAt,
    reload,
  };
}
