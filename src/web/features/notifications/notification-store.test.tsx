import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTranslator } from "#domain/i18n/translator";
import type { Notification } from "#domain/notifications";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import { namespaces } from "#web/i18n/namespaces";
import {
  createNotificationStore,
  NOTIFICATIONS_KEY,
  SWEEP_INTERVAL_MS,
  useNotifications,
} from "./notification-store";
import { localizedSamples } from "./sample-notifications";

const NOW = new Date(2025, 0, 8, 10, 30);
const english = createTranslator("en", messagesFor("en", namespaces));
/** The samples as an English page seeds them. */
const englishSamples = (now: Date) => localizedSamples(now, english.t);

const stored = () =>
  JSON.parse(localStorage.getItem(NOTIFICATIONS_KEY) ?? "null") as Notification[];

function make(overrides: Partial<Notification>): Notification {
  return {
    id: "x",
    title: "A title",
    message: "A message",
    type: "info",
    category: "system",
    priority: "low",
    read: false,
    timestamp: NOW.toISOString(),
    ...overrides,
  };
}

/** A component subscribed to the store, as the bell is, so the store runs its timer. */
function Count({ store }: { store: ReturnType<typeof createNotificationStore> }) {
  const items = useNotifications(store);
  return <p>{items === null ? "not loaded" : `${items.length} items`}</p>;
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe("notification store", () => {
  it("seeds the samples on the first visit and writes them down", () => {
    const store = createNotificationStore();
    render(<Count store={store} />);
    const samples = englishSamples(NOW);
    expect(screen.getByText(`${samples.length} items`)).toBeInTheDocument();
    expect(stored()).toEqual(samples);
  });

  it("writes nothing on a first visit until a page gives its samples", () => {
    const store = createNotificationStore();
    expect(store.getSnapshot()).toEqual([]);
    expect(localStorage.getItem(NOTIFICATIONS_KEY)).toBeNull();
  });

  it("seeds them in the words of the page the visitor arrives on", () => {
    const store = createNotificationStore();
    const spanish = createTranslator("es", messagesFor("es", namespaces));
    render(
      <I18nProvider translator={spanish}>
        <Count store={store} />
      </I18nProvider>,
    );
    const samples = englishSamples(NOW);
    const seeded = stored();
    expect(seeded).toHaveLength(samples.length);
    // The same notifications, written in Spanish.
    expect(seeded.map(({ title, message, actionLabel, ...rest }) => rest)).toEqual(
      samples.map(({ title, message, actionLabel, ...rest }) => rest),
    );
    expect(seeded[0]?.title).toBe("Corte de agua de emergencia");
    expect(seeded.find((n) => n.id === "sample-new-listings")?.actionLabel).toBe("Ver propiedades");
    for (const [i, n] of seeded.entries()) {
      expect(n.title).not.toBe(samples[i]?.title);
      expect(n.message).not.toBe(samples[i]?.message);
    }
  });

  it("does not seed again once the visitor has emptied the list", () => {
    const first = createNotificationStore();
    const view = render(<Count store={first} />);
    act(() => first.clearAll());
    expect(screen.getByText("0 items")).toBeInTheDocument();
    view.unmount();
    const later = createNotificationStore();
    render(<Count store={later} />);
    expect(screen.getByText("0 items")).toBeInTheDocument();
    expect(stored()).toEqual([]);
  });

  it("persists mark read, mark all read and delete", () => {
    localStorage.setItem(
      NOTIFICATIONS_KEY,
      JSON.stringify([make({ id: "a" }), make({ id: "b" }), make({ id: "c" })]),
    );
    const store = createNotificationStore();
    render(<Count store={store} />);
    act(() => store.markRead("a"));
    expect(stored().map((n) => n.read)).toEqual([true, false, false]);
    act(() => store.remove("b"));
    expect(stored().map((n) => n.id)).toEqual(["a", "c"]);
    act(() => store.markAllRead());
    expect(stored().every((n) => n.read)).toBe(true);
    expect(screen.getByText("2 items")).toBeInTheDocument();
  });

  it("keeps the same list when an action changes nothing", () => {
    localStorage.setItem(NOTIFICATIONS_KEY, JSON.stringify([make({ id: "a", read: true })]));
    const store = createNotificationStore();
    const before = store.getSnapshot();
    store.markRead("a");
    store.markAllRead();
    store.remove("missing");
    expect(store.getSnapshot()).toBe(before);
  });

  it("sweeps expired notifications every 60 seconds while the page is open", () => {
    localStorage.setItem(
      NOTIFICATIONS_KEY,
      JSON.stringify([
        make({ id: "soon", expiresAt: new Date(NOW.getTime() + 90_000).toISOString() }),
        make({ id: "stays" }),
      ]),
    );
    const store = createNotificationStore();
    render(<Count store={store} />);
    expect(screen.getByText("2 items")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SWEEP_INTERVAL_MS));
    expect(screen.getByText("2 items")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SWEEP_INTERVAL_MS));
    expect(screen.getByText("1 items")).toBeInTheDocument();
    expect(stored().map((n) => n.id)).toEqual(["stays"]);
  });

  it("drops already-expired notifications when it reads the list", () => {
    localStorage.setItem(
      NOTIFICATIONS_KEY,
      JSON.stringify([make({ id: "gone", expiresAt: NOW.toISOString() }), make({ id: "kept" })]),
    );
    const store = createNotificationStore();
    render(<Count store={store} />);
    expect(screen.getByText("1 items")).toBeInTheDocument();
    expect(stored().map((n) => n.id)).toEqual(["kept"]);
  });

  it("survives damaged storage: bad entries are dropped, unreadable JSON reseeds", () => {
    localStorage.setItem(NOTIFICATIONS_KEY, JSON.stringify([make({ id: "ok" }), { id: 3 }]));
    const store = createNotificationStore();
    render(<Count store={store} />);
    expect(screen.getByText("1 items")).toBeInTheDocument();
    expect(stored()).toHaveLength(1);

    localStorage.setItem(NOTIFICATIONS_KEY, "{not json");
    const other = createNotificationStore({ samples: englishSamples });
    expect(other.getSnapshot()).toHaveLength(englishSamples(NOW).length);
  });

  it("follows changes made in another tab", () => {
    localStorage.setItem(NOTIFICATIONS_KEY, JSON.stringify([make({ id: "a" })]));
    const store = createNotificationStore();
    render(<Count store={store} />);
    const next = JSON.stringify([make({ id: "a" }), make({ id: "b" })]);
    localStorage.setItem(NOTIFICATIONS_KEY, next);
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: NOTIFICATIONS_KEY, newValue: next }));
    });
    expect(screen.getByText("2 items")).toBeInTheDocument();
  });

  it("stops sweeping when nothing on the page uses it", () => {
    const expiring = make({
      id: "soon",
      expiresAt: new Date(NOW.getTime() + 30_000).toISOString(),
    });
    localStorage.setItem(NOTIFICATIONS_KEY, JSON.stringify([expiring]));
    const store = createNotificationStore();
    const view = render(<Count store={store} />);
    view.unmount();
    vi.advanceTimersByTime(3 * SWEEP_INTERVAL_MS);
    expect(stored().map((n) => n.id)).toEqual(["soon"]);
  });
});
