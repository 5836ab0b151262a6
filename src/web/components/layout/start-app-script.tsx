import { useCspNonce } from "#web/lib/csp-nonce";
import { startAppScript } from "#web/lib/start-app";

// The browser keeps the server's script as it is: its bundle need not carry the text again.
const script = import.meta.env.SSR ? startAppScript : "";

/**
 * Right after React Router's scripts: starts the page's (inert) module script at the first
 * animation frame, so that the page paints before its JavaScript runs. Rendered with the CSP
 * nonce; the browser hides the nonce from the page, hence suppressHydrationWarning.
 */
export function StartAppScript() {
  const nonce = useCspNonce();
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script, a constant
      dangerouslySetInnerHTML={{ __html: script }}
    />
  );
}
