/**
 * /favicon.ico: browsers ask for it on pages that name no icon (the sandbox payment window, the dev
 * sign-in page, a JSON or text response opened in a tab); the shop's one icon is /favicon.svg
 * (public/, linked by the root Layout on every page, /admin and the error pages included).
 */
export function loader() {
  return new Response(null, {
    status: 301,
    headers: { location: '/favicon.svg', 'cache-control': 'public, max-age=86400' },
  });
}
