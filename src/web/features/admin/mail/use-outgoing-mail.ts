import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { outgoingMailApi } from "#domain/api/outgoing-mail";
import { type MailStatus, outgoingMailMessages } from "#domain/outgoing-mail";
import { failureDetail } from "#web/lib/api-client";
import { contractQuery, useContractMutation } from "#web/lib/query";

/** All, or one status. */
export type MailFilter = "all" | MailStatus;

const listOf = (filter: MailFilter) =>
  contractQuery(outgoingMailApi.list, { query: filter === "all" ? {} : { status: filter } });

/** The Outgoing mail tab's list for one filter; the last answer stays while another loads. */
export function useOutgoingMail(filter: MailFilter) {
  return useQuery({ ...listOf(filter), placeholderData: keepPreviousData });
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
