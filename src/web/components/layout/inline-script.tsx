import { useCspNonce } from "#web/lib/csp-nonce";

/**
 * An inline script of our own, written by the server with this response's CSP nonce. The
 * browser hides the nonce from the page, hence suppressHydrationWarning; React never runs a
 * script it renders itself, so the text matters on the server only.
 */
export function InlineScript({ code }: { code: string }) {
  const nonce = useCspNonce();
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script, built from constants
      dangerouslySetInnerHTML={{ __html: code }}
    />
  );
}
