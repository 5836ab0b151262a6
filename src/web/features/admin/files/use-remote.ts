import { useCallback, useEffect, useState } from "react";

export type Remote<T> = {
  data: T | undefined;
  error: unknown;
  /** True from the first request until its answer, and again while a new one runs. */
  loading: boolean;
  /** Asks again (a Try Again button, or after a change that makes the data stale). */
  reload: () => void;
};

/**
 * Loads data in the browser and keeps the last answer while a newer request runs. `load` must be
 * stable (useCallback over what it depends on): a new `load` starts a new request, and the older
 * one is aborted so a slow answer never overwrites a newer one.
 */
export function useRemote<T>(load: (signal: AbortSignal) => Promise<T>): Remote<T> {
  const [state, setState] = useState<Omit<Remote<T>, "reload">>({
    data: undefined,
    error: null,
    loading: true,
  });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger.
  useEffect(() => {
    const controller = new AbortController();
    // A new attempt after a failure shows the loading state again, not the old error.
    setState((previous) => ({ data: previous.data, error: null, loading: true }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ data: undefined, error, loading: false });
      },
    );
    return () => controller.abort();
  }, [load, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
