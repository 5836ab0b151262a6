import { createContext, useContext } from "react";

/**
 * This response's Content-Security-Policy script nonce, for the inline scripts a page renders
 * itself. entry.server.tsx provides it; in the browser it is undefined (browsers hide nonces from
 * the page, and a script rendered there never runs anyway).
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
