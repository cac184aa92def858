import 'react-router';
import type { StorefrontReads } from '@codiroom/shared';

declare module 'react-router' {
  interface AppLoadContext {
    /** In-process API fetch provided by the server (apps/api/src/web/storefront.ts). */
    apiFetch?: (path: string, init?: RequestInit) => Promise<Response>;
    /**
     * Typed in-process reads provided by the server (apps/api/src/web/reads.ts): the API routes'
     * answers without HTTP; absent when the storefront runs without the API in its process.
     */
    reads?: StorefrontReads;
    /** This response's Content-Security-Policy nonce for inline scripts (apps/api/src/platform/security-headers.ts). */
    cspNonce?: string;
  }
}
