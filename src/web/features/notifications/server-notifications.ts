import { toast } from "sonner";
import { notificationsApi as api } from "#domain/api/notifications";
import { type Notification, newestFirst } from "#domain/notifications";
import { ApiError, request } from "#web/lib/api-client";
import { onSessionEnd } from "#web/lib/session-events";
import type { NotificationStore, ServerNotifications } from "./notification-store";

/**
 * A signed-in person's notifications from the server, for the notification centre: loaded only
 * once someone is signed in (notification-store.ts imports it then), never on an anonymous
 * visitor's page. Fetched when the centre is first shown, then again every minute and whenever
 * the page comes back into view. Each change shows at once and is sent to the server; a refusal
 * puts the item back as it was and `onFailure` says so.
 */

/** How often the list is fetched again while the centre is shown. */
export const REFRESH_INTERVAL_MS = 60_000;

/**
 * Shows `owner`'s server notifications in `store` (unless it already does), until the session
 * ends: signing out, or a session the server refused, drops them from view at once. A refused
 * change is told with a toast of `failureText`.
 */
export function connect(store: NotificationStore, owner: string, failureText: () => string) {
  if (store.serverOwner === owner) return;
  store.connectServer(
    createServerNotifications({ owner, onFailure: () => toast.error(failureText()) }),
  );
  const unlisten = onSessionEnd(() => {
    unlisten();
    if (store.serverOwner === owner) store.connectServer(null);
  });
}

type Options = {
  owner: string;
  onFailure: (error: unknown) => void;
  refreshIntervalMs?: number;
};

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
const isAbort = (error: unknown) => (error as Error | null)?.name === "AbortError";

export function createServerNotifications({
  owner,
  onFailure,
  refreshIntervalMs = REFRESH_INTERVAL_MS,
}: Options): ServerNotifications {
  let items: Notification[] | null = null;
  let merged: { local: Notification[]; remote: Notification[]; all: Notification[] } | null = null;
  /** Counts local changes: a list fetched before the latest one is out of date on arrival. */
  let version = 0;
  const listeners = new Set<() => void>();
  let stop: (() => void) | null = null;
  let reading: AbortController | null = null;

  const emit = () => {
    for (const listener of listeners) listener();
  };

  function set(next: Notification[]) {
    items = next;
    version++;
    emit();
  }

  async function refresh() {
    if (reading) return;
    const controller = new AbortController();
    reading = controller;
    const since = version;
    try {
      // A background read: a session the server refuses is the auth feature's business, not a
      // reason to send someone reading a public page to /login.
      const answer = await request(
        api.list,
        {},
        { signal: controller.signal, signOutOn401: false },
      );
      if (since === version && listeners.size > 0) set(answer.notifications);
    } catch {
      // Offline, or the server away: what was shown stays, and the next refresh tries again.
    } finally {
      if (reading === controller) reading = null;
    }
  }

  function start() {
    void refresh();
    const timer = setInterval(() => void refresh(), refreshIntervalMs);
    const onFocus = () => void refresh();
    const onVisible = () => {
      if (document.visibilityState === "visible") void refresh();
    };
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onVisible);
    stop = () => {
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onVisible);
      reading?.abort();
      reading = null;
    };
  }

  /**
   * Shows `next` at once, then sends the change. On a refusal `undo` puts back what it changed
   * in the list as it is by then (other changes since are kept).
   */
  function change(
    next: Notification[],
    send: () => Promise<unknown>,
    undo: (current: Notification[]) => Notification[],
    onNotFound?: () => void,
  ) {
    set(next);
    send().catch((error: unknown) => {
      if (isAbort(error)) return;
      // Already gone on the server (deleted in another tab): drop it here too, no alarm.
      if (onNotFound && isNotFound(error)) return onNotFound();
      set(undo(items ?? []));
      onFailure(error);
    });
  }

  const withRead = (list: Notification[], ids: Set<string>, read: boolean) =>
    list.map((n) => (ids.has(n.id) && n.read !== read ? { ...n, read } : n));

  /** Puts removed items back among the current ones, once each, newest first. */
  const restore = (current: Notification[], removed: Notification[]) => {
    const present = new Set(current.map((n) => n.id));
    return newestFirst([...current, ...removed.filter((n) => !present.has(n.id))]);
  };

  const dropItem = (id: string) => () => set((items ?? []).filter((n) => n.id !== id));

  return {
    owner,
    view(local) {
      if (!items) return local;
      if (merged?.local !== local || merged.remote !== items)
        merged = { local, remote: items, all: newestFirst([...items, ...local]) };
      return merged.all;
    },
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stop?.();
          stop = null;
        }
      };
    },
    markRead(id, read) {
      const target = items?.find((n) => n.id === id);
      if (!items || !target) return false;
      if (target.read === read) return true;
      const ids = new Set([id]);
      change(
        withRead(items, ids, read),
        () => request(api.markRead, { params: { id }, body: { read } }),
        (current) => withRead(current, ids, !read),
        dropItem(id),
      );
      return true;
    },
    markAllRead() {
      // Not loaded yet: what the person has not seen is left alone.
      if (!items) return;
      const unread = new Set(items.filter((n) => !n.read).map((n) => n.id));
      if (unread.size === 0) return;
      change(
        withRead(items, unread, true),
        () => request(api.markAllRead, {}),
        (current) => withRead(current, unread, false),
      );
    },
    remove(id) {
      const target = items?.find((n) => n.id === id);
      if (!items || !target) return false;
      change(
        items.filter((n) => n.id !== id),
        () => request(api.remove, { params: { id } }),
        (current) => restore(current, [target]),
        () => undefined,
      );
      return true;
    },
    clearAll() {
      const removed = items;
      if (!removed || removed.length === 0) return;
      change(
        [],
        () => request(api.clear, {}),
        (current) => restore(current, removed),
      );
    },
  };
}
