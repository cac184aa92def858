import { PUBLIC_CRAWLER_LINKS } from '@codiroom/shared';
import { contentReads } from '../lib/page-reads.server';
import type { Route } from './+types/sitemap';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** SPEC.md §2 public links plus every product, brand, post and style. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const entries = await contentReads(context).sitemapEntries();
  const urls: string[] = [];
  const add = (path: string, lastmod?: string) =>
    urls.push(
      `<url><loc>${esc(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`,
    );
  for (const link of PUBLIC_CRAWLER_LINKS) add(link);
  add('/promotion');
  for (const p of entries.products) add(`/product/${p.id}`, p.updated_at);
  for (const b of entries.brands) add(`/brands/${b.id}`, b.updated_at);
  for (const p of entries.posts) add(`/post/${p.id}`, p.updated_at);
  for (const s of entries.styles) add(`/style/${s.id}`, s.updated_at);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
