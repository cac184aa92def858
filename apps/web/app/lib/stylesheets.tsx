import { useContext } from 'react';
import { UNSAFE_FrameworkContext, useMatches } from 'react-router';

/**
 * The stylesheets of the matched routes, in place of React Router's <Links> (no route exports
 * `links`). Rendered with a React precedence, so React writes them at the top of <head>, before the
 * module preloads it hoists there: the one render-blocking request of a page is sent first, not
 * queued behind a dozen scripts on a phone's few connections (docs/ARCHITECTURE.md "Storefront
 * speed"). On client navigation React adds a new route's stylesheet before showing the route.
 */
export function Stylesheets({ nonce }: { nonce?: string }) {
  const framework = useContext(UNSAFE_FrameworkContext);
  const matches = useMatches();
  const hrefs = new Set<string>();
  for (const m of matches) for (const href of framework?.manifest.routes[m.id]?.css ?? []) hrefs.add(href);
  return [...hrefs].map((href) => (
    <link key={href} rel="stylesheet" href={href} precedence="default" nonce={nonce} />
  ));
}
