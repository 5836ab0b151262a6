/**
 * The end of a session (sign-out, a session the server refused), told to whoever keeps data of
 * it: the query cache holds the back office's data, which must not outlive the session that
 * fetched it. No dependencies: the auth feature (on every page) raises it, and only pages that
 * loaded the query cache listen.
 */
const listeners = new Set<() => void>();

export function onSessionEnd(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function sessionEnded(): void {
  for (const listener of listeners) listener();
}
