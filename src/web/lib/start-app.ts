import { PRIORITY_PHOTO_TIMING } from "./priority-photo";

/**
 * The first paint of a page depends on its HTML and inlined CSS only.
 *
 * React Router ends every page with one inline module script (the route modules, the manifest,
 * the client entry). Left as it is, a browser runs it, and so evaluates React and hydrates the
 * page, as soon as its modules arrive, which on a fast connection is before the first frame:
 * the heading a visitor came for waits for the JavaScript. The server therefore sends that
 * script inert (`type="text/x-module"`, which no browser runs), and `startAppScript` (rendered
 * right after it) copies it into a live module script once the first paint is on screen: the
 * page paints, then its scripts load, run and hydrate. Its module preloads are sent inert too
 * and started at the same moment, so that the modules still load side by side rather than one
 * import after another. Nothing but the HTML and the images the page shows first competes with
 * the first paint. The copy keeps the response's nonce, and a cached page's policy lists the
 * hash of every inline script (the inert one included, whose text the copy is).
 */
export const INERT_MODULE_TYPE = "text/x-module";
export const INERT_MODULE_ID = "app-module";
export const INERT_PRELOAD_ATTRIBUTE = "data-modulepreload";

/**
 * Starts the inert module script once the page is on screen. This script runs when the parser
 * reaches the end of the document; then:
 * - on a page with a priority photo (a building's or a unit's), once the photo has been painted:
 *   its Element Timing entry, where the browser has the API (Chromium); elsewhere its load, then
 *   two animation frames; half a second after its load if no entry came (a photo out of view,
 *   on a short screen, has none);
 * - on other pages, once the first contentful paint has been presented, then two animation
 *   frames, so that the frame with the whole document (parsed by now) has been drawn.
 * Three seconds at the latest; at once in a tab that is not shown.
 *
 * Not at the first contentful paint alone: a browser paints a long document before it has all
 * of it (the header first, the heading and photo a frame or more later), and scripts started at
 * that first paint compete with the largest one. Lighthouse counts every request started before
 * the largest paint as something that paint waited for: on a unit page whose heading painted
 * 120 ms after the header, it scored LCP 2.1 s instead of 1.0 s; on a building page, scripts
 * asked for 30 ms before its photo was presented.
 */
function startApp(names: { preload: string; module: string; photo: string }): void {
  const d = document;
  let done = false;
  function go() {
    if (done) return;
    done = true;
    d.querySelectorAll(`link[${names.preload}]`).forEach((link) => {
      link.setAttribute("rel", "modulepreload");
    });
    const inert = d.getElementById(names.module) as HTMLScriptElement | null;
    if (!inert) return;
    const live = d.createElement("script");
    live.type = "module";
    live.nonce = inert.nonce;
    live.textContent = inert.textContent;
    d.body.appendChild(live);
  }
  if (d.visibilityState === "hidden") {
    go();
    return;
  }
  setTimeout(go, 3000);
  const afterTwoFrames = () => requestAnimationFrame(() => requestAnimationFrame(go));
  const Observer = window.PerformanceObserver;
  const types = Observer?.supportedEntryTypes ?? [];
  const whenSeen = (type: string, test: (entry: PerformanceEntry) => boolean, then: () => void) =>
    new Observer((list) => {
      if (list.getEntries().some(test)) then();
    }).observe({ type, buffered: true });
  const photo = d.querySelector<HTMLImageElement>(`img[elementtiming="${names.photo}"]`);
  if (photo) {
    const timed = types.indexOf("element") >= 0;
    if (timed) {
      whenSeen(
        "element",
        (e) => (e as PerformanceEntry & { identifier: string }).identifier === names.photo,
        go,
      );
    }
    // Without Element Timing, or for a photo out of view (which has no entry): after its load.
    const afterLoad = timed ? () => setTimeout(go, 500) : afterTwoFrames;
    if (photo.complete) afterLoad();
    else {
      photo.addEventListener("load", afterLoad);
      photo.addEventListener("error", go);
    }
  } else if (types.indexOf("paint") >= 0) {
    whenSeen("paint", (e) => e.name === "first-contentful-paint", afterTwoFrames);
  } else {
    afterTwoFrames();
  }
}

/** A function's source called with its argument: an inline script's text. */
function inlineScript<T>(run: (argument: T) => void, argument: T): string {
  return `(${run.toString()})(${JSON.stringify(argument)})`;
}

/**
 * The inline script that runs startApp, rendered right after the inert module script. Marked
 * pure: the browser's bundle, where the root layout does not render it, leaves it out.
 */
export const startAppScript = /* @__PURE__ */ inlineScript(startApp, {
  preload: INERT_PRELOAD_ATTRIBUTE,
  module: INERT_MODULE_ID,
  photo: PRIORITY_PHOTO_TIMING,
});
