import { useQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { authApi } from "#domain/api/auth";
import { contractQuery, useContractMutation } from "#web/lib/query";

/** What the sessions' actions say when done or refused, in the page's language. */
export type SessionToasts = {
  ended: string;
  endFailed: (detail: string) => string;
  othersEnded: (count: number) => string;
  othersFailed: (detail: string) => string;
  /** Why a call failed, in the same language. */
  detail: (error: unknown) => string;
};

/** The signed-in person's live sessions. */
export function useSessions() {
  return useQuery(contractQuery(authApi.listSessions, {}));
}

/** "Sign out" on one session: it ends at once; the list refetches (the contract says so). */
export function useEndSession(words: SessionToasts) {
  return useContractMutation(authApi.endSession, (id: string) => ({ params: { id } }), {
    onSuccess: () => {
      toast.success(words.ended);
    },
    onError: (error) => toast.error(words.endFailed(words.detail(error))),
  });
}

/** "Sign out everywhere else": every session but this one ends. */
export function useEndOtherSessions(words: SessionToasts) {
  return useContractMutation(authApi.endOtherSessions, (_: undefined) => ({}), {
    onSuccess: ({ ended }) => {
      toast.success(words.othersEnded(ended));
    },
    onError: (error) => toast.error(words.othersFailed(words.detail(error))),
  });
}
