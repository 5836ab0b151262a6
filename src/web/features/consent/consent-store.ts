import {
  CONSENT_CLOSED_KEY,
  CONSENT_STORAGE_KEY,
  type ConsentRecord,
  type ConsentStatus,
  consentStatus,
  createConsentRecord,
  parseConsentRecord,
} from "#domain/consent";
import { useBrowserStore } from "#web/lib/browser-store";

/**
 * The visitor's answer to the privacy banner, read from and written to browser storage, with a
 * subscription so that the banner and the privacy page's "Your choice" panel stay in step (in
 * this tab through `notify`, in other tabs through the `storage` event).
 */

type Area = "local" | "session";

/**
 * Storage can be missing or refuse access (storage disabled, some private modes). Answers then
 * live in memory: the banner still hides when asked, for as long as the page stays open.
 */
const memory = new Map<string, string>();

function storageOf(area: Area): Storage {
  return area === "local" ? window.localStorage : window.sessionStorage;
}

function read(area: Area, key: string): string | null {
  try {
    return storageOf(area).getItem(key) ?? memory.get(`${area}:${key}`) ?? null;
  } catch {
    return memory.get(`${area}:${key}`) ?? null;
  }
}

function write(area: Area, key: string, value: string | null) {
  memory.delete(`${area}:${key}`);
  try {
    if (value === null) storageOf(area).removeItem(key);
    else storageOf(area).setItem(key, value);
  } catch {
    if (value !== null) memory.set(`${area}:${key}`, value);
  }
}

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key === null || event.key === CONSENT_STORAGE_KEY) notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

export function readConsentStatus(): ConsentStatus {
  return consentStatus({
    kept: read("local", CONSENT_STORAGE_KEY),
    session: read("session", CONSENT_STORAGE_KEY),
    closed: read("session", CONSENT_CLOSED_KEY),
  });
}

/** The kept acceptance, for the date it was given; null when the visitor has not accepted. */
export function readAcceptance(): ConsentRecord | null {
  const record = parseConsentRecord(read("local", CONSENT_STORAGE_KEY));
  return record?.choice === "accepted" ? record : null;
}

/** Accept All: kept in localStorage, so the banner stays hidden in later visits. */
export function acceptConsent(now: Date = new Date()) {
  write("local", CONSENT_STORAGE_KEY, JSON.stringify(createConsentRecord("accepted", now)));
  notify();
}

/** Decline: kept in sessionStorage, so the banner shows again in a new session. */
export function declineConsent(now: Date = new Date()) {
  write("session", CONSENT_STORAGE_KEY, JSON.stringify(createConsentRecord("declined", now)));
  notify();
}

/** The close button: no answer, only hidden for this session. */
export function closeConsentBanner(now: Date = new Date()) {
  write("session", CONSENT_CLOSED_KEY, now.toISOString());
  notify();
}

/** Forgets every answer, so the banner asks again: how a visitor withdraws consent. */
export function resetConsent() {
  write("local", CONSENT_STORAGE_KEY, null);
  write("session", CONSENT_STORAGE_KEY, null);
  write("session", CONSENT_CLOSED_KEY, null);
  notify();
}

const unknownStatus = () => "unknown" as const;

/**
 * The current status, or "unknown" on the server and during hydration: storage only exists in
 * the browser, so anything that depends on it renders after hydration and never mismatches.
 */
export function useConsentStatus(): ConsentStatus | "unknown" {
  return useBrowserStore(subscribe, readConsentStatus, unknownStatus);
}
