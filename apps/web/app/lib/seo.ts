import type { MetaDescriptor } from 'react-router';

/** SPEC.md "Page props" data: title, description, ogDescription, image_cover, canonicalLink. */
export type SeoInput = {
  title: string;
  description: string;
  origin: string;
  path: string;
  image?: string | undefined;
  ogDescription?: string;
  type?: 'website' | 'product' | 'article';
  jsonLd?: Record<string, unknown>[];
  noindex?: boolean;
};

export const SITE_NAME = '코디룸';

export function seoMeta(s: SeoInput): MetaDescriptor[] {
  const canonical = `${s.origin}${s.path}`;
  const image = s.image
    ? s.image.startsWith('http')
      ? s.image
      : `${s.origin}${s.image}`
    : `${s.origin}/api/images/banner/1.svg`;
  const tags: MetaDescriptor[] = [
    { title: s.title },
    { name: 'description', content: s.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: s.type ?? 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'ko_KR' },
    { property: 'og:title', content: s.title },
    { property: 'og:description', content: s.ogDescription ?? s.description },
    { property: 'og:url', content: canonical },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  if (s.noindex) tags.push({ name: 'robots', content: 'noindex' });
  for (const ld of s.jsonLd ?? []) tags.push({ 'script:ld+json': ld });
  return tags;
}

export function breadcrumbLd(origin: string, items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: it.name,
      item: `${origin}${it.path}`,
    })),
  };
}
