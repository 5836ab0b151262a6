import { useEffect } from "react";
import type { Translator } from "#domain/i18n/translator";
import { type Notification, parseStoredNotifications, sweepExpired } from "#domain/notifications";
import { useI18n } from "#web/i18n/i18n-provider";
import { useBrowserStore } from "#web/lib/browser-store";
import { useSession } from "#web/lib/session";
import { browserStorage, onOtherTabChange, readJson } from "./browser-storage";
import { localizedSamples } from "./sample-notifications";
// The server's half is imported on demand (below); only its type here.
import type { ServerNotifications } from "./server-notifications";

export const NOTIFICATIONS_KEY = "notifications";
/** Notifications past their expiry date are swept every 60 seconds. */
export const SWEEP_INTERVAL_MS = 60_000;

type Samples = (now: Date) => Notification[];

type Options = {
  storage?: () => Storage | null;
  now?: () => Date;
  sweepIntervalMs?: number;
  /**
   * The first visit's samples. The page gives them in its language (`seedIn`) before it reads;
   * until one does, a first visit reads an empty list and writes nothing down.
   */
  samples?: Samples;
};

/**
 * The visitor's notifications, kept in localStorage under one key. The first visit (nothing
 * stored) is seeded with the samples; an emptied list stays empty. While anything on the page
 * subscribes, expired items are swept every minute and other tabs' changes are followed.
 */
export function createNotificationStore({
  storage = browserStorage,
  now = () => new Date(),
  sweepIntervalMs = SWEEP_INTERVAL_MS,
  samples,
}: Options = {}) {
  let seed = samples;
  let items: Notification[] | null = null;
  let unsaved = false;
  const listeners = new Set<() => void>();
  let stop: (() => void) | null = null;
  let server: ServerNotifications | null = null;
  let stopServer: (() => void) | undefined;

  function read(): Notification[] {
    const { found, value } = readJson(storage(), NOTIFICATIONS_KEY);
    // Nothing stored is a first visit; something unreadable is treated the same way.
    const stored = found ? parseStoredNotifications(value) : null;
    const list = stored ?? seed?.(now()) ?? [];
    const swept = sweepExpired(list, now());
    // Written back when reading changed something: the seed, damaged entries, expired ones.
    unsaved = stored === null ? seed !== undefined : swept.length !== (value as unknown[]).length;
    return swept;
  }

  function persist() {
    try {
      storage()?.setItem(NOTIFICATIONS_KEY, JSON.stringify(items));
      unsaved = false;
    } catch {
      // Storage full or blocked: the list still works for this visit.
    }
  }

  const emit = () => {
    for (const listener of listeners) listener();
  };

  /** The browser's own notifications. */
  function localSnapshot(): Notification[] {
    items ??= read();
    return items;
  }

  /** The browser's own, with the server's (when signed in and loaded) merged newest first. */
  const getSnapshot = () => server?.view(localSnapshot()) ?? localSnapshot();

  function update(change: (current: Notification[]) => Notification[]) {
    const current = localSnapshot();
    const next = change(current);
    if (next === current) return;
    items = next;
    persist();
    emit();
  }

  const sweep = () => update((current) => sweepExpired(current, now()));

  function start() {
    // Read afresh: another tab may have changed the list while nothing here was listening.
    items = read();
    if (unsaved) persist();
    const timer = setInterval(sweep, sweepIntervalMs);
    const unlisten = onOtherTabChange(NOTIFICATIONS_KEY, () => {
      items = read();
      if (unsaved) persist();
      emit();
    });
    stop = () => {
      clearInterval(timer);
      unlisten();
    };
    stopServer = server?.subscribe(emit);
  }

  /** Changes the items whose id matches `pick`; the same list back when none changes. */
  const markWhere = (pick: (n: Notification) => boolean) =>
    update((current) =>
      current.some((n) => pick(n) && !n.read)
        ? current.map((n) => (pick(n) && !n.read ? { ...n, read: true } : n))
        : current,
    );

  return {
    /** The samples a first visit is seeded with: the page's, in its language. */
    seedIn(pageSamples: Samples) {
      seed = pageSamples;
    },
    getSnapshot,
    localSnapshot,
    /** The server knows nothing of the visitor's browser: it renders the "not loaded" state. */
    getServerSnapshot: (): Notification[] | null => null,
    subscribe(listener: () => void) {
      listeners.add(listener);
      if (listeners.size === 1) start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stop?.();
          stop = null;
          stopServer?.();
        }
      };
    },
    /** Whose server notifications are shown, if anyone's. */
    get serverOwner() {
      return server?.owner;
    },
    /**
     * Shows a signed-in person's server notifications beside the browser's (fetched while
     * anything listens), or, with null, drops them from view (signed out).
     */
    connectServer(source: ServerNotifications | null) {
      stopServer?.();
      server = source;
      stopServer = listeners.size ? source?.subscribe(emit) : undefined;
      emit();
    },
    markRead: (id: string) => server?.markRead(id, true) || markWhere((n) => n.id === id),
    /** The browser's own are never marked unread (the centre has no such action). */
    markUnread: (id: string) => server?.markRead(id, false),
    markAllRead: () => {
      markWhere(() => true);
      server?.markAllRead();
    },
    remove: (id: string) =>
      server?.remove(id) ||
      update((current) =>
        current.some((n) => n.id === id) ? current.filter((n) => n.id !== id) : current,
      ),
    clearAll: () => {
      update((current) => (current.length === 0 ? current : []));
      server?.clearAll();
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;

/** The page's one store. */
export const notificationStore = createNotificationStore();

/** The words of the page that last showed the centre: a failed change says so in them. */
let words: Translator["t"] | undefined;
const failureText = () => words?.("notify.serverFailed") ?? "";

/**
 * The notifications, or null until the browser's copy is read: on the server and during
 * hydration, so the server's HTML and the first client render agree. A first visit is seeded
 * with the samples in the page's language. For a signed-in person, their notifications from the
 * server are merged in (newest first) once fetched, and refreshed while the page is open.
 */
export function useNotifications(store: NotificationStore = notificationStore) {
  const { t } = useI18n();
  const { user, ready } = useSession();
  const owner = user?.uid ?? null;
  // In the browser only: the server's store is shared by every request and never reads.
  if (typeof window !== "undefined") store.seedIn((now) => localizedSamples(now, t));
  words = t;
  // The server part (its calls and their schemas) is imported for a signed-in person only: an
  // anonymous visitor's pages never load it.
  useEffect(() => {
    if (!ready) return;
    if (!owner) return store.connectServer(null);
    let live = true;
    import("./server-notifications").then(
      (server) => live && server.connect(store, owner, failureText),
      // Offline or a new deployment: the browser's own still show; tried again next mount.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [store, owner, ready]);
  const items = useBrowserStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  // Someone else's (a sign-in since, before the effect above runs) are never shown.
  const shownOwner = store.serverOwner;
  return shownOwner && shownOwner !== owner ? store.localSnapshot() : items;
}
