/**
 * The server render: React Router's default Node entry, plus the Content-Security-Policy nonce
 * (docs/ARCHITECTURE.md, "Security"). The server (apps/api/src/web/storefront.ts) passes the nonce
 * of the response's CSP in the load context; React's own inline scripts (streamed Suspense
 * boundaries), React Router's (hydration context, streamed loader data) and the Layout's get it.
 */
import { PassThrough, Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { createModuleTagDeferrer } from './lib/deferred-scripts';
import { NonceContext } from './lib/nonce';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    // The headers a GET would have (the server sends the page's CSP for text/html).
    responseHeaders.set('Content-Type', 'text/html');
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext?.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers and SPA mode wait for all content before the response starts.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Abort after streamTimeout, with time left to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html');
          // Paint first, then load the app: the module scripts are held back until the browser's
          // first contentful paint (lib/deferred-scripts.ts).
          const defer = deferModuleScripts();
          defer.pipe(body);
          pipe(defer);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready are logged by React Router's handleDocumentRequest.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** The HTML stream with its module scripts held back (deferred-scripts.ts), UTF-8 safe. */
function deferModuleScripts(): Transform {
  const decoder = new TextDecoder();
  const tags = createModuleTagDeferrer();
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, tags.push(decoder.decode(chunk, { stream: true })));
    },
    flush(callback) {
      callback(null, tags.push(decoder.decode()) + tags.flush());
    },
  });
}
