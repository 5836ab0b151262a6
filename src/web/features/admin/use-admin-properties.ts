import { useCallback, useEffect, useRef, useState } from "react";
import {
  type AdminProperty,
  DASHBOARD_FIRST_FETCH_DELAY_MS,
  DASHBOARD_RETRY_AFTER_429_MS,
  DASHBOARD_THROTTLE_MS,
  RETRY_DISABLED_MS,
} from "#domain/admin";
import {
  getAdminProperties,
  isTooManyRequests,
  loadErrorMessage,
} from "./api/get-admin-properties";

export type AdminPropertiesStatus = "loading" | "loaded" | "error";

export type AdminPropertiesState = {
  /** The last list the server sent; kept while a reload runs and after a failed one. */
  properties: AdminProperty[];
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
   * Loads the list again, unless the last request is under 2 s old. `force` skips that check
   * (after a save, so the change shows at once) but never the 30 s hold after a 429.
   */
  reload(options?: { force?: boolean }): Promise<void>;
};

type View = Pick<AdminPropertiesState, "properties" | "status" | "error" | "refreshing">;

const initialView: View = { properties: [], status: "loading", error: null, refreshing: false };

/**
 * The dashboard load of PRODUCT-SPEC.md sections 4 and 9: the first request 100 ms after mount,
 * at most one request per 2 s, and after a 429 nothing for 30 s, then one request by itself.
 * The Overview and Properties tabs share one instance, so they show the same list.
 */
export function useAdminProperties(): AdminPropertiesState {
  const [view, setView] = useState<View>(initialView);
  const [retryDisabled, setRetryDisabled] = useState(false);
  const [lastRequestAt, setLastRequestAt] = useState<number | null>(null);
  // The rhythm lives in refs: reload must see the latest values without re-creating itself.
  const lastRequest = useRef<number | null>(null);
  const holdUntil = useRef(0);
  const inFlight = useRef<AbortController | null>(null);
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const holdTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const request = useCallback(async (): Promise<void> => {
    const startedAt = Date.now();
    lastRequest.current = startedAt;
    setLastRequestAt(startedAt);
    // The newest request wins: an older answer must not overwrite it.
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setView((v) => ({ ...v, refreshing: true }));
    setRetryDisabled(true);
    clearTimeout(retryTimer.current);
    retryTimer.current = setTimeout(
      () => setRetryDisabled(Date.now() < holdUntil.current),
      RETRY_DISABLED_MS,
    );
    try {
      const properties = await getAdminProperties(controller.signal);
      if (controller.signal.aborted) return;
      setView({ properties, status: "loaded", error: null, refreshing: false });
    } catch (error) {
      if (controller.signal.aborted) return;
      if (isTooManyRequests(error)) {
        holdUntil.current = Date.now() + DASHBOARD_RETRY_AFTER_429_MS;
        setRetryDisabled(true);
        clearTimeout(holdTimer.current);
        holdTimer.current = setTimeout(() => {
          holdUntil.current = 0;
          void request();
        }, DASHBOARD_RETRY_AFTER_429_MS);
      }
      setView((v) => ({
        ...v,
        status: "error",
        error: loadErrorMessage(error),
        refreshing: false,
      }));
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }, []);

  const reload = useCallback(
    async ({ force = false }: { force?: boolean } = {}): Promise<void> => {
      // During a 429 hold the request at its end is already planned.
      if (Date.now() < holdUntil.current) return;
      const last = lastRequest.current;
      if (!force && last !== null && Date.now() - last < DASHBOARD_THROTTLE_MS) return;
      await request();
    },
    [request],
  );

  useEffect(() => {
    const first = setTimeout(() => void reload(), DASHBOARD_FIRST_FETCH_DELAY_MS);
    return () => {
      clearTimeout(first);
      clearTimeout(retryTimer.current);
      clearTimeout(holdTimer.current);
      inFlight.current?.abort();
      inFlight.current = null;
    };
  }, [reload]);

  return { ...view, retryDisabled, lastRequestAt, reload };
}
