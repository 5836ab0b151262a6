import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { outgoingMailApi } from "#domain/api/outgoing-mail";
import {
  type MailStatus,
  type OutgoingMailQuery,
  outgoingMailMessages,
} from "#domain/outgoing-mail";
import { failureDetail } from "#web/lib/api-client";
import { contractQuery, useContractMutation } from "#web/lib/query";

/** All, or one status. */
export type MailFilter = "all" | MailStatus;

/** One page's query: no status for 'all', no cursor on the first page. */
const listOf = (filter: MailFilter, cursor?: string) =>
  contractQuery(outgoingMailApi.list, {
    query: {
      ...(filter === "all" ? {} : { status: filter }),
      ...(cursor ? { cursor } : {}),
    } as OutgoingMailQuery,
  });

/**
 * One page of the Outgoing mail tab's list for one filter; the last answer stays while another
 * loads. Only the pages visited recently are cached, never the table.
 */
export function useOutgoingMail(filter: MailFilter, cursor?: string) {
  return useQuery({ ...listOf(filter, cursor), placeholderData: keepPreviousData });
}

/** The number of failed messages for the tab's badge, null until known. */
export function useFailedMailCount(): number | null {
  const { data } = useQuery({ ...listOf("all"), select: (answer) => answer.counts.failed });
  return data ?? null;
}

/** Retry: the message is queued again; the lists refetch (the contract invalidates them). */
export function useRetryMail() {
  return useContractMutation(outgoingMailApi.retry, (id: string) => ({ params: { id } }), {
    onSuccess: () => toast.success(outgoingMailMessages.retried),
    onError: (error) => toast.error(`Could not retry the message. ${failureDetail(error)}`),
  });
}
