/**
 * The Content-Security-Policy nonce of the server render (docs/ARCHITECTURE.md, "Security"): the
 * server's CSP allows inline scripts only with it. entry.server.tsx provides it; in the browser
 * there is none (hydration keeps the server's attributes, and scripts added later are files).
 */
import { createContext, useContext } from 'react';

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
