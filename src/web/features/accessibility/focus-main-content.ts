/**
 * Moves focus to the page's main content (the layout's <main id="main">, else the first <main>),
 * so that a keyboard or screen-reader user continues from there. A landmark is not focusable by
 * default: tabindex -1 makes it focusable by script only, and app.css draws no ring around it.
 */
export function focusMainContent(): boolean {
  const main = document.getElementById("main") ?? document.querySelector("main");
  if (!main) return false;
  if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main.focus();
  return true;
}
