import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { type AdminInquiry, type InquiryStatus, inquiriesMessages } from "#domain/admin-inquiries";
import { ApiError } from "#web/lib/api-client";
import { getInquiries } from "../api/get-inquiries";
import { updateInquiry } from "../api/update-inquiry";

type Load = {
  status: "loading" | "loaded" | "error";
  inquiries: AdminInquiry[];
  /** The server's count of unhandled inquiries, whatever the filter; null before the first. */
  unhandled: number | null;
  /** A line under 'Failed to load inquiries'. */
  detail: string | null;
};

function failureDetail(error: unknown): string {
  // A network failure or the server's own words say more than a status code.
  if (error instanceof ApiError && (error.status === 0 || error.fromServer)) return error.message;
  return "Please try again in a moment.";
}

/** The Inquiries tab's list for one filter, and marking an inquiry handled or not. */
export function useInquiries(filter: InquiryStatus) {
  const [load, setLoad] = useState<Load>({
    status: "loading",
    inquiries: [],
    unhandled: null,
    detail: null,
  });
  const [saving, setSaving] = useState<ReadonlySet<number>>(new Set());
  const inFlight = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoad((l) => ({ ...l, status: "loading", detail: null }));
    try {
      const answer = await getInquiries(filter, controller.signal);
      if (controller.signal.aborted) return;
      setLoad({
        status: "loaded",
        inquiries: answer.inquiries,
        unhandled: answer.unhandled,
        detail: null,
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      setLoad((l) => ({ ...l, status: "error", detail: failureDetail(error) }));
    }
  }, [filter]);

  useEffect(() => {
    void reload();
    return () => inFlight.current?.abort();
  }, [reload]);

  const setHandled = useCallback(
    async (inquiry: AdminInquiry, handled: boolean) => {
      setSaving((ids) => new Set(ids).add(inquiry.id));
      try {
        const updated = await updateInquiry(inquiry.id, { handled });
        const change = (inquiry.handledAt === null ? 1 : 0) - (updated.handledAt === null ? 1 : 0);
        // The inquiry stays where it is even if the filter no longer matches it: the button the
        // admin just pressed (and its undo) stays under the pointer and keeps focus.
        setLoad((l) => ({
          ...l,
          inquiries: l.inquiries.map((item) => (item.id === updated.id ? updated : item)),
          unhandled: l.unhandled === null ? null : Math.max(0, l.unhandled - change),
        }));
        toast.success(
          handled ? inquiriesMessages.markedHandled : inquiriesMessages.markedUnhandled,
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          toast.error(inquiriesMessages.updateFailed, { description: inquiriesMessages.notFound });
          void reload();
        } else {
          toast.error(inquiriesMessages.updateFailed, {
            description: error instanceof ApiError ? failureDetail(error) : undefined,
          });
        }
      } finally {
        setSaving((ids) => {
          const next = new Set(ids);
          next.delete(inquiry.id);
          return next;
        });
      }
    },
    [reload],
  );

  return { ...load, saving, reload, setHandled };
}
