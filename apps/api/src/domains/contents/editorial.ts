/** Magazine posts, styles with their codi sets, themes / collections, banners and sitemap ids. */
import {
  type Banner,
  type CodiSet,
  dayGateOpen,
  hideAnswerMarks,
  MESSAGES,
  type PostDetail,
  type PostInfo,
  type PostListBody,
  type SitemapEntriesBody,
  type StyleDetail,
  type StyleListBody,
  type StyleSummary,
  type ThemeBody,
  type ThemeInfo,
} from '@codiroom/shared';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import {
  activeCardsByIds,
  cached,
  type LiveSource,
  liveCards,
  pageInfo,
  pageLinkedCards,
  sitemapCatalogIds,
} from '../catalog/index.ts';
import {
  banners,
  codiItems,
  codiSets,
  postProducts,
  posts,
  styles,
  themeProducts,
  themes,
} from './schema.ts';

export const POST_PAGE_SIZE = 20;
export const STYLE_PAGE_SIZE = 20;
export const CODI_PAGE_SIZE = 10;
export const THEME_PAGE_SIZE = 30;
/** Sitemaps hold at most 50,000 URLs. */
export const SITEMAP_PRODUCT_CAP = 50_000;
export const RUNNING = 'RUNNING';

const postNotRunning = () => notFound(MESSAGES.postNotRunning);
const styleMissing = () => notFound(MESSAGES.styleMissing);
export const THEME_MISSING = '테마가 없습니다.';

// ───────────────────────────── posts ─────────────────────────────

const postSummaryColumns = {
  id: posts.id,
  title: posts.title,
  subtitle: posts.subtitle,
  cover_image_url: posts.cover_image_url,
  published_at: posts.published_at,
  category: posts.category,
  author: posts.author,
  view_count: posts.view_count,
  like_count: posts.like_count,
};

export async function postList(
  db: Db,
  q: { page: number; category?: string | undefined },
): Promise<PostListBody> {
  const where = and(eq(posts.status, RUNNING), q.category ? eq(posts.category, q.category) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select(postSummaryColumns)
      .from(posts)
      .where(where)
      .orderBy(desc(posts.published_at), desc(posts.id))
      .limit(POST_PAGE_SIZE)
      .offset((q.page - 1) * POST_PAGE_SIZE),
    db.select({ n: count() }).from(posts).where(where),
  ]);
  const result = rows.map((r) => ({ ...r, published_at: r.published_at.toISOString() }));
  return { ...pageInfo(q.page, POST_PAGE_SIZE, total?.n ?? 0, result.length), result };
}

/** A RUNNING post; a missing one or one in any other status answers 현재 진행중인 컨텐츠가 아닙니다. */
export async function runningPost(db: Db, id: number | null, withBody: boolean) {
  if (id === null) throw postNotRunning();
  const [row] = await db
    .select({ ...postSummaryColumns, body: withBody ? posts.body : sql<string>`''`, status: posts.status })
    .from(posts)
    .where(eq(posts.id, id))
    .limit(1);
  if (!row || row.status !== RUNNING) throw postNotRunning();
  return row;
}

/** A running post with its products (cards with the live price at `now`). */
export async function postDetail(src: LiveSource, now: Date, id: number | null): Promise<PostDetail> {
  const db = src.db;
  const row = await runningPost(db, id, true);
  const links = await db
    .select({ id: postProducts.product_display_id })
    .from(postProducts)
    .where(eq(postProducts.post_id, row.id))
    .orderBy(asc(postProducts.sort_order), asc(postProducts.product_display_id));
  const { status: _status, ...post } = row;
  return {
    ...post,
    // A quiz's right option stays on the server (content-forms.ts) until the reader answers.
    body: hideAnswerMarks(post.body),
    published_at: row.published_at.toISOString(),
    products: await liveCards(
      src,
      now,
      await activeCardsByIds(
        db,
        links.map((l) => l.id),
      ),
    ),
  };
}

export async function postInfo(db: Db, id: number | null): Promise<PostInfo> {
  const row = await runningPost(db, id, false);
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    cover_image_url: row.cover_image_url,
    published_at: row.published_at.toISOString(),
  };
}

// ───────────────────────────── styles and codi sets ─────────────────────────────

const styleColumns = {
  id: styles.id,
  name: styles.name,
  description: styles.description,
  image_url: styles.image_url,
  tags: styles.tags,
  like_count: styles.like_count,
};

/** Active codi sets per style, for the given styles. */
async function codiCounts(db: Db, styleIds: number[]): Promise<Map<number, number>> {
  if (styleIds.length === 0) return new Map();
  const rows = await db
    .select({ style_id: codiSets.style_id, n: count() })
    .from(codiSets)
    .where(and(inArray(codiSets.style_id, styleIds), eq(codiSets.is_active, true)))
    .groupBy(codiSets.style_id);
  return new Map(rows.map((r) => [r.style_id as number, r.n]));
}

/** Active styles by id (any order), with their codi counts. */
export async function stylesByIds(db: Db, ids: number[]): Promise<StyleSummary[]> {
  if (ids.length === 0) return [];
  const [rows, counts] = await Promise.all([
    db
      .select(styleColumns)
      .from(styles)
      .where(and(inArray(styles.id, ids), eq(styles.is_active, true))),
    codiCounts(db, ids),
  ]);
  return rows.map((r) => ({ ...r, codi_count: counts.get(r.id) ?? 0 }));
}

/** Active styles, most liked first. */
export async function styleList(db: Db, page: number): Promise<StyleListBody> {
  const where = eq(styles.is_active, true);
  const [rows, [total]] = await Promise.all([
    db
      .select(styleColumns)
      .from(styles)
      .where(where)
      .orderBy(desc(styles.like_count), asc(styles.id))
      .limit(STYLE_PAGE_SIZE)
      .offset((page - 1) * STYLE_PAGE_SIZE),
    db.select({ n: count() }).from(styles).where(where),
  ]);
  const counts = await codiCounts(
    db,
    rows.map((r) => r.id),
  );
  const result: StyleSummary[] = rows.map((r) => ({ ...r, codi_count: counts.get(r.id) ?? 0 }));
  return { ...pageInfo(page, STYLE_PAGE_SIZE, total?.n ?? 0, result.length), result };
}

/**
 * Codi sets with their active product cards (live prices at `now`) and totals (list and discount
 * price sums; three queries for the whole page, plus the live-price lookup).
 */
export async function codiSetsWithProducts(
  src: LiveSource,
  now: Date,
  where: SQL,
  page: number,
  pageSize: number,
) {
  const db = src.db;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: codiSets.id,
        title: codiSets.title,
        description: codiSets.description,
        image_url: codiSets.image_url,
        curator_name: codiSets.curator_name,
        like_count: codiSets.like_count,
      })
      .from(codiSets)
      .where(where)
      .orderBy(desc(codiSets.like_count), asc(codiSets.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(codiSets).where(where),
  ]);
  const items = rows.length
    ? await db
        .select({ codi_id: codiItems.codi_id, product_display_id: codiItems.product_display_id })
        .from(codiItems)
        .where(
          inArray(
            codiItems.codi_id,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(codiItems.codi_id), asc(codiItems.sort_order), asc(codiItems.id))
    : [];
  const cards = new Map(
    (
      await liveCards(
        src,
        now,
        await activeCardsByIds(
          db,
          items.map((i) => i.product_display_id),
        ),
      )
    ).map((c) => [c.id, c]),
  );
  const result: CodiSet[] = rows.map((r) => {
    const products = items.flatMap((i) =>
      i.codi_id === r.id ? (cards.get(i.product_display_id) ?? []) : [],
    );
    return {
      ...r,
      total_price: products.reduce((s, p) => s + p.price, 0),
      total_price_discount: products.reduce((s, p) => s + p.price_discount, 0),
      products,
    };
  });
  return { ...pageInfo(page, pageSize, total?.n ?? 0, result.length), result };
}

/** A style with a page of its codi sets and their products (live prices at `now`). */
export async function styleDetail(
  src: LiveSource,
  now: Date,
  id: number | null,
  page: number,
): Promise<StyleDetail> {
  const db = src.db;
  if (id === null) throw styleMissing();
  const [row] = await db
    .select(styleColumns)
    .from(styles)
    .where(and(eq(styles.id, id), eq(styles.is_active, true)))
    .limit(1);
  if (!row) throw styleMissing();
  const codis = await codiSetsWithProducts(
    src,
    now,
    and(eq(codiSets.style_id, id), eq(codiSets.is_active, true)) as SQL,
    page,
    CODI_PAGE_SIZE,
  );
  return { ...row, codi_count: codis.total_count, codis };
}

// ───────────────────────────── themes and collections ─────────────────────────────

/** A theme or collection and a page of its products (live prices at `now`). */
export async function themePage(
  src: LiveSource,
  now: Date,
  by: { id: number | null } | { slug: string },
  page: number,
  limit = THEME_PAGE_SIZE,
): Promise<ThemeBody> {
  const db = src.db;
  let cond: SQL;
  if ('slug' in by) {
    if (!/^[a-z0-9-]{1,100}$/.test(by.slug)) throw notFound(THEME_MISSING);
    cond = eq(themes.slug, by.slug);
  } else {
    if (by.id === null) throw notFound(THEME_MISSING);
    cond = eq(themes.id, by.id);
  }
  const [row] = await db
    .select({
      id: themes.id,
      slug: themes.slug,
      kind: themes.kind,
      title: themes.title,
      description: themes.description,
      image_url: themes.image_url,
    })
    .from(themes)
    .where(and(cond, eq(themes.is_active, true)))
    .limit(1);
  if (!row) throw notFound(THEME_MISSING);
  const theme: ThemeInfo = row;
  const products = await pageLinkedCards(
    db,
    {
      table: themeProducts,
      displayId: themeProducts.product_display_id,
      sortOrder: themeProducts.sort_order,
      where: eq(themeProducts.theme_id, row.id),
    },
    page,
    limit,
  );
  await liveCards(src, now, products.result);
  return { theme, products };
}

// ───────────────────────────── banners ─────────────────────────────

/**
 * Active banners of a placement whose window contains now and whose days are today's (SPEC.md §9:
 * time-gated banners use KST; weekday Mon–Thu, weekend Fri–Sun).
 */
export async function activeBanners(ctx: AppContext, placement: string): Promise<Banner[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({
      id: banners.id,
      title: banners.title,
      subtitle: banners.subtitle,
      image_url: banners.image_url,
      link_url: banners.link_url,
      days: banners.days,
    })
    .from(banners)
    .where(
      and(
        eq(banners.placement, placement),
        eq(banners.is_active, true),
        or(isNull(banners.starts_at), lte(banners.starts_at, now)),
        or(isNull(banners.ends_at), gt(banners.ends_at, now)),
      ),
    )
    .orderBy(asc(banners.sort_order), asc(banners.id));
  return rows.filter((b) => dayGateOpen(b.days, ctx.clock)).map(({ days: _days, ...b }) => b);
}

// ───────────────────────────── sitemap ─────────────────────────────

const SITEMAP_TTL_S = 300;

/** sitemapEntries as answered: kept SITEMAP_TTL_S with the catalogue's aggregates (ended by catalog.changed). */
export const sitemap = (ctx: Pick<AppContext, 'db' | 'caches'>) =>
  cached(ctx, 'contents:sitemap', SITEMAP_TTL_S, () => sitemapEntries(ctx.db));

/**
 * Ids for sitemap.xml. The schema has no updated_at on these tables: products, brands and styles
 * use created_at, posts published_at.
 */
export async function sitemapEntries(db: Db): Promise<SitemapEntriesBody> {
  const iso = (rows: { id: number; at: Date }[]) =>
    rows.map((r) => ({ id: r.id, updated_at: r.at.toISOString() }));
  const [{ products: p, brands: b }, po, s] = await Promise.all([
    sitemapCatalogIds(db, SITEMAP_PRODUCT_CAP),
    db
      .select({ id: posts.id, at: posts.published_at })
      .from(posts)
      .where(eq(posts.status, RUNNING))
      .orderBy(asc(posts.id)),
    db
      .select({ id: styles.id, at: styles.created_at })
      .from(styles)
      .where(eq(styles.is_active, true))
      .orderBy(asc(styles.id)),
  ]);
  return { products: iso(p), brands: iso(b), posts: iso(po), styles: iso(s) };
}
