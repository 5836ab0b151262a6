import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import {
  type AdminInquiry,
  type InquiriesResponse,
  inquiriesMessages,
} from "#domain/admin-inquiries";
import { inquiriesApi } from "#domain/api/inquiries";
import { ApiError, failureDetail } from "#web/lib/api-client";
import { useContractMutation } from "#web/lib/query";

type Mark = { inquiry: AdminInquiry; handled: boolean };

const isUnhandled = (inquiry: AdminInquiry) => inquiry.handledAt === null;

/**
 * Writes a version of one inquiry into every cached list (whatever its filter) and moves the
 * unhandled count by the change, so the tab and the dashboard's badge follow at once. The change
 * is measured against the version each list holds (a refetch may have landed in between), or,
 * for a list that does not hold it, against the version the caller last showed.
 */
function putInquiry(client: QueryClient, next: AdminInquiry, wasUnhandled: boolean) {
  client.setQueriesData<InquiriesResponse>({ queryKey: [inquiriesApi.list.reads] }, (data) => {
    if (!data) return data;
    const current = data.inquiries.find((item) => item.id === next.id);
    const before = current ? isUnhandled(current) : wasUnhandled;
    const change = (isUnhandled(next) ? 1 : 0) - (before ? 1 : 0);
    return {
      ...data,
      inquiries: data.inquiries.map((item) => (item.id === next.id ? next : item)),
      unhandled: Math.max(0, data.unhandled + change),
    };
  });
}

/**
 * Marking an inquiry handled, or not handled again, optimistically: the list and the unhandled
 * count change when the button is pressed; a refusal puts them back and says so in a toast. Once
 * settled, the contract's invalidation refetches the lists. `onUpdate` hears every version the
 * list shows (the optimistic one, the server's, the one put back); `onGone`, an inquiry the
 * server no longer has.
 */
export function useMarkHandled({
  onUpdate,
  onGone,
}: {
  onUpdate?: (inquiry: AdminInquiry) => void;
  onGone?: (id: number) => void;
} = {}) {
  const client = useQueryClient();
  const [saving, setSaving] = useState<ReadonlySet<number>>(new Set());
  const setSavingOf = (id: number, busy: boolean) =>
    setSaving((ids) => {
      const next = new Set(ids);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  const show = (next: AdminInquiry, wasUnhandled: boolean) => {
    putInquiry(client, next, wasUnhandled);
    onUpdate?.(next);
  };

  const mutation = useContractMutation(
    inquiriesApi.setHandled,
    ({ inquiry, handled }: Mark) => ({ params: { id: String(inquiry.id) }, body: { handled } }),
    {
      onMutate: async ({ inquiry, handled }) => {
        setSavingOf(inquiry.id, true);
        // An answer already on its way would overwrite the change with the old state.
        await client.cancelQueries({ queryKey: [inquiriesApi.list.reads] });
        const handledAt = handled ? new Date().toISOString() : null;
        show({ ...inquiry, handledAt }, isUnhandled(inquiry));
      },
      onSuccess: (updated, { handled }) => {
        show(updated, !handled);
        toast.success(
          handled ? inquiriesMessages.markedHandled : inquiriesMessages.markedUnhandled,
        );
      },
      onError: (error, { inquiry, handled }) => {
        show(inquiry, !handled);
        if (error instanceof ApiError && error.status === 404) {
          // The refetch that follows takes it off the list.
          onGone?.(inquiry.id);
          toast.error(inquiriesMessages.updateFailed, { description: inquiriesMessages.notFound });
        } else {
          toast.error(inquiriesMessages.updateFailed, {
            description: error instanceof ApiError ? failureDetail(error) : undefined,
          });
        }
      },
      onSettled: (_answer, _error, { inquiry }) => setSavingOf(inquiry.id, false),
    },
  );

  return {
    saving,
    mark: (inquiry: AdminInquiry, handled: boolean) => mutation.mutate({ inquiry, handled }),
  };
}
