import { MutationObserver, type QueryClient, QueryObserver } from "@tanstack/react-query";
import { toast } from "sonner";
import type { RequestInput, SuccessBody, WriteContract } from "#domain/api/contract";
import { notificationsApi as api } from "#domain/api/notifications";
import { type Notification, newestFirst } from "#domain/notifications";
import { ApiError } from "#web/lib/api-client";
import { contractMutation, contractQuery, queryClient } from "#web/lib/query";
import { onSessionEnd } from "#web/lib/session-events";

/**
 * A signed-in person's notifications from the server, for the notification centre: loaded only
 * once someone is signed in (notification-store.ts imports it then), never on an anonymous
 * visitor's page. Read through the page's query cache (the list contract's query), fetched when
 * the centre is first shown, then every minute while the page is in view and whenever it comes
 * back into view. Each change shows at once and is sent through its contract's mutation; a
 * refusal puts the item back as it was and says so.
 *
 * The centre's state lives in one store shared by the bell, its menu and the history page, on
 * pages that mount no query provider: the store subscribes to a QueryObserver (what `useQuery`
 * runs inside a component) rather than a component calling the hook.
 */

/** How often the list is fetched again while the centre is shown and the page is in view. */
export const REFRESH_INTERVAL_MS = 60_000;

/** The server's half of the centre, as the store shows it beside the browser's own. */
export type ServerNotifications = {
  /** Whose they are (the user's id). */
  readonly owner: string;
  /** The browser's own with the server's merged in, newest first (`local` until they load). */
  view(local: Notification[]): Notification[];
  /** The first subscriber starts the fetching (and the refreshes); the last one stops it. */
  subscribe(listener: () => void): () => void;
  /** These two answer false for a notification that is not the server's. */
  markRead(id: string, read: boolean): boolean;
  remove(id: string): boolean;
  markAllRead(): void;
  clearAll(): void;
};

/** What `connect` needs of the store: this module never imports the store's. */
type Host = {
  readonly serverOwner: string | undefined;
  connectServer(source: ServerNotifications | null): void;
};

/**
 * Shows `owner`'s server notifications in `store` (unless it already does), until the session
 * ends: signing out, or a session the server refused, drops them from view at once. A refused
 * change is told with a toast of `failureText`.
 */
export function connect(store: Host, owner: string, failureText: () => string) {
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
  client?: QueryClient;
  refreshIntervalMs?: number;
};

type List = SuccessBody<typeof api.list>;

/** The changes share a key: the list is refetched once the last of them has settled. */
const changeKey = ["notifications", "change"];

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

const withRead = (list: Notification[], ids: Set<string>, read: boolean) =>
  list.map((n) => (ids.has(n.id) && n.read !== read ? { ...n, read } : n));

/** Puts removed items back among the current ones, once each, newest first. */
const restore = (current: Notification[], removed: Notification[]) => {
  const present = new Set(current.map((n) => n.id));
  return newestFirst([...current, ...removed.filter((n) => !present.has(n.id))]);
};

export function createServerNotifications({
  owner,
  onFailure,
  client = queryClient(),
  refreshIntervalMs = REFRESH_INTERVAL_MS,
}: Options): ServerNotifications {
  // A background read: a session the server refuses is the auth feature's business, not a
  // reason to send someone reading a public page to /login.
  const list = contractQuery(api.list, {}, { signOutOn401: false });
  const observer = new QueryObserver(client, {
    ...list,
    // TanStack leaves the interval alone while the tab is hidden, and refetches when it shows
    // again. Offline or the server away: what was shown stays, and the next one tries again.
    refetchInterval: refreshIntervalMs,
    refetchOnWindowFocus: true,
  });
  let merged: { local: Notification[]; remote: Notification[]; all: Notification[] } | null = null;
  const listeners = new Set<() => void>();
  let stop: (() => void) | null = null;

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const items = (): Notification[] | undefined =>
    client.getQueryData<List>(list.queryKey)?.notifications;

  /**
   * Shows `next` at once (told to the store now, not when the cache gets round to it); a read
   * on its way, made before the change, is dropped.
   */
  function set(next: Notification[]) {
    void client.cancelQueries({ queryKey: list.queryKey });
    client.setQueryData<List>(list.queryKey, { notifications: next });
    emit();
  }

  function start() {
    // The page's client, mounted while the centre shows: it follows the tab's visibility.
    client.mount();
    const unsubscribe = observer.subscribe(emit);
    // A window that takes the focus back without having been hidden is read again too.
    const onFocus = () => void observer.refetch({ cancelRefetch: false });
    window.addEventListener("focus", onFocus);
    stop = () => {
      window.removeEventListener("focus", onFocus);
      unsubscribe();
      client.unmount();
    };
  }

  /**
   * Shows `next` at once, then sends the change through its contract's mutation. On a refusal
   * `undo` puts back what it changed in the list as it is by then (other changes since are kept).
   */
  function change<C extends WriteContract>(
    next: Notification[],
    contract: C,
    input: RequestInput<C>,
    undo: (current: Notification[]) => Notification[],
    onNotFound?: () => void,
  ) {
    set(next);
    const mutation = contractMutation(contract, (_: undefined) => input, {
      mutationKey: changeKey,
      onError: (error) => {
        // Already gone on the server (deleted in another tab): drop it here too, no alarm.
        if (onNotFound && isNotFound(error)) return onNotFound();
        set(undo(items() ?? []));
        onFailure(error);
      },
    });
    new MutationObserver(client, mutation).mutate(undefined).catch(() => undefined);
  }

  const dropItem = (id: string) => () => set((items() ?? []).filter((n) => n.id !== id));

  return {
    owner,
    view(local) {
      const remote = items();
      if (!remote) return local;
      if (merged?.local !== local || merged.remote !== remote)
        merged = { local, remote, all: newestFirst([...remote, ...local]) };
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
      const current = items();
      const target = current?.find((n) => n.id === id);
      if (!current || !target) return false;
      if (target.read === read) return true;
      const ids = new Set([id]);
      change(
        withRead(current, ids, read),
        api.markRead,
        { params: { id }, body: { read } },
        (now) => withRead(now, ids, !read),
        dropItem(id),
      );
      return true;
    },
    markAllRead() {
      const current = items();
      // Not loaded yet: what the person has not seen is left alone.
      if (!current) return;
      const unread = new Set(current.filter((n) => !n.read).map((n) => n.id));
      if (unread.size === 0) return;
      change(withRead(current, unread, true), api.markAllRead, {}, (now) =>
        withRead(now, unread, false),
      );
    },
    remove(id) {
      const current = items();
      const target = current?.find((n) => n.id === id);
      if (!current || !target) return false;
      change(
        current.filter((n) => n.id !== id),
        api.remove,
        { params: { id } },
        (now) => restore(now, [target]),
        () => undefined,
      );
      return true;
    },
    clearAll() {
      const removed = items();
      if (!removed || removed.length === 0) return;
      change([], api.clear, {}, (now) => restore(now, removed));
    },
  };
}
