const RELOADED = "charter-oak.reloaded-after-error";
/** Within this long, a second failure on the same address shows the error screen instead. */
const AGAIN_AFTER_MS = 30_000;

/**
 * Loads the current address again as a whole document, unless that was just done for it: a
 * navigation whose data was lost on the way (a phone between two cells, a proxy's error page)
 * then gets the server's own answer, the page or its error page in its words and styles, or the
 * browser's offline page. Never twice in a row for one address, so a page that fails in the
 * browser every time ends on the error screen, not in a loop. Returns whether a reload is due
 * (made by `reload()` then): the caller shows nothing meanwhile.
 */
export function claimReload(): boolean {
  const { href } = window.location;
  try {
    const last = JSON.parse(window.sessionStorage.getItem(RELOADED) ?? "null") as {
      href?: string;
      at?: number;
    } | null;
    if (last?.href === href && Date.now() - (last.at ?? 0) < AGAIN_AFTER_MS) return false;
    window.sessionStorage.setItem(RELOADED, JSON.stringify({ href, at: Date.now() }));
  } catch {
    // No session storage (refused, full): no way to tell a loop, so no reload.
    return false;
  }
  return true;
}

export function reload() {
  window.location.reload();
}
