import { useQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { authApi } from "#domain/api/auth";
import { failureDetail } from "#web/lib/api-client";
import { contractQuery, useContractMutation } from "#web/lib/query";

/** The signed-in person's live sessions. */
export function useSessions() {
  return useQuery(contractQuery(authApi.listSessions, {}));
}

/** "Sign out" on one session: it ends at once; the list refetches (the contract says so). */
export function useEndSession() {
  return useContractMutation(authApi.endSession, (id: string) => ({ params: { id } }), {
    onSuccess: () => {
      toast.success("That session is signed out.");
    },
    onError: (error) => toast.error(`Could not sign that session out. ${failureDetail(error)}`),
  });
}

/** "Sign out everywhere else": every session but this one ends. */
export function useEndOtherSessions() {
  return useContractMutation(authApi.endOtherSessions, (_: undefined) => ({}), {
    onSuccess: ({ ended }) => {
      toast.success(
        ended === 0
          ? "There were no other sessions."
          : `Signed out ${ended} other ${ended === 1 ? "session" : "sessions"}.`,
      );
    },
    onError: (error) =>
      toast.error(`Could not sign out the other sessions. ${failureDetail(error)}`),
  });
}
