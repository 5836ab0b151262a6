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
 * Starts the inert module script once the first contentful paint has been presented (the
 * browser's paint timing; two frames where it has none; three seconds at the latest), or at
 * once in a tab that is not shown.
 */
export const startAppScript = `(function(){var d=document,done=false;function go(){if(done)return;done=true;d.querySelectorAll("link[${INERT_PRELOAD_ATTRIBUTE}]").forEach(function(l){l.setAttribute("rel","modulepreload")});var o=d.getElementById("${INERT_MODULE_ID}");if(!o)return;var s=d.createElement("script");s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;d.body.appendChild(s)}if(d.visibilityState==="hidden")return go();setTimeout(go,3000);var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(l){if(l.getEntriesByName("first-contentful-paint").length)go()}).observe({type:"paint",buffered:true})}else requestAnimationFrame(function(){requestAnimationFrame(go)})})()`;
