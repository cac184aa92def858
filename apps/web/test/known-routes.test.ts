import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import { isKnownPage } from '../app/lib/known-routes.ts';
import routes from '../app/routes.ts';

/** Every storefront page path of routes.ts, nested routes (the mypage layout) joined to their parent. */
function pagePaths(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((e) => {
    const path = e.path === undefined ? parent : `${parent}/${e.path}`;
    const own = e.children ? [] : [path || '/'];
    return [...own, ...(e.children ? pagePaths(e.children, path) : [])];
  });
}

describe('known pages (lib/known-routes.ts) and routes.ts', () => {
  const paths = pagePaths(routes as RouteConfigEntry[]).filter(
    (p) => !p.startsWith('/admin') && !p.includes('*') && !/\.(txt|xml|ico)$/.test(p),
  );

  it('reads the nested member screens with their full paths', () => {
    expect(paths).toContain('/mypage');
    expect(paths).toContain('/mypage/reviews/edit/:reviewId');
  });

  it('knows every storefront page, so the login gate sends none of them to the 404 page', () => {
    const concrete = paths.map((p) => p.replace(/:[a-zA-Z]+/g, 'x1'));
    expect(concrete.filter((p) => !isKnownPage(p))).toEqual([]);
  });
});
