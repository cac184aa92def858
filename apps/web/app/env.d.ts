import 'react-router';

declare module 'react-router' {
  interface AppLoadContext {
    /** In-process API fetch provided by the server (apps/api/src/web/storefront.ts). */
    apiFetch?: (path: string, init?: RequestInit) => Promise<Response>;
    /** This response's Content-Security-Policy nonce for inline scripts (apps/api/src/platform/security-headers.ts). */
    cspNonce?: string;
  }
}
