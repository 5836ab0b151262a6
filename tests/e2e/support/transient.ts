import type { Page } from "@playwright/test";

/**
 * Watches the page for a message that may show only briefly (the logout flow shows 'Logging
 * out...' for 500 ms). On a loaded two-core machine the first poll of `toBeVisible` can come after
 * the message is gone, so the page itself records whether the text was ever rendered.
 * Returns a function that answers whether it was seen since the call.
 */
export async function watchForText(page: Page, text: string): Promise<() => Promise<boolean>> {
  await page.evaluate((wanted) => {
    const host = window as unknown as { __seenTexts?: Record<string, boolean> };
    host.__seenTexts = host.__seenTexts ?? {};
    const seen = host.__seenTexts;
    seen[wanted] = false;
    const check = () => {
      if (document.body.textContent?.includes(wanted)) seen[wanted] = true;
    };
    new MutationObserver(check).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    check();
  }, text);
  return () =>
    page.evaluate(
      (wanted) =>
        (window as unknown as { __seenTexts: Record<string, boolean> }).__seenTexts[wanted] ===
        true,
      text,
    );
}
