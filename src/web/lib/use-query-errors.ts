import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

/**
 * Calls `onError` with the error of every query and mutation of the page's client that fails
 * while the calling component is mounted: one place to react to a refusal any of a page's
 * calls may get (the back office's "add a second step first").
 */
export function useQueryErrors(onError: (error: unknown) => void) {
  const client = useQueryClient();
  const latest = useRef(onError);
  latest.current = onError;
  useEffect(() => {
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error")
        latest.current(event.action.error);
    });
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error")
        latest.current(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client]);
}
