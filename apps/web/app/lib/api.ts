import { createApiClient, type FetchLike } from '@codiroom/shared';
import type { AppLoadContext } from 'react-router';

/** API client for loaders: in-process on the server, same-origin fetch in the browser. */
export function serverApi(context: AppLoadContext | undefined) {
  const fetchLike: FetchLike =
    context?.apiFetch ??
    ((path, init) => fetch(new URL(path, process.env.API_ORIGIN ?? 'http://localhost:3000'), init));
  return createApiClient({ fetch: fetchLike });
}

export const browserApi = () => createApiClient({ fetch: (path, init) => fetch(path, init) });
