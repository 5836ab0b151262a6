import { preferencesBootScript } from "#domain/accessibility";
import { useCspNonce } from "#web/lib/csp-nonce";

const script = preferencesBootScript();

/**
 * For the document's <head>: applies the saved preferences before the body paints (no flash of
 * the default look on load). The server renders it with the CSP nonce; the browser hides the
 * nonce from the page, hence suppressHydrationWarning.
 */
export function PreferencesBootScript() {
  const nonce = useCspNonce();
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script, built from constants
      dangerouslySetInnerHTML={{ __html: script }}
    />
  );
}
