/**
 * Magazine posts in the back office (docs/ARCHITECTURE.md, "Back office"), for MDs: the list, a new
 * post (markdown body, rendered by the storefront as text and never as HTML; the products it shows;
 * a generated cover until one is uploaded), changes to its text or status (RUNNING posts are
 * readable, ENDED ones answer 현재 진행중인 컨텐츠가 아닙니다) and its cover (re-encoded, 1200px).
 * Every change reindexes the post's search document.
 */
import type { PostInput, PostUpdate } from '@codiroom/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { type ImageSource, storeImage } from '../../platform/uploads.ts';
import { existingDisplayIds } from '../catalog/index.ts';
import { postProducts, posts } from './schema.ts';
import { editorialIndexer } from './search-hook.ts';

export const ADMIN_POSTS_PAGE = 30;
const NOT_FOUND = '매거진 글이 없습니다.';
type Post = typeof posts.$inferSelect;
const view = ({ body: _b, ...p }: Post) => ({
  ...p,
  published_at: p.published_at.toISOString(),
  created_at: p.created_at.toISOString(),
});

export async function listPosts(ctx: AppContext, page: number) {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(posts)
      .orderBy(desc(posts.published_at), desc(posts.id))
      .limit(ADMIN_POSTS_PAGE)
      .offset((page - 1) * ADMIN_POSTS_PAGE),
    ctx.db.select({ n: count() }).from(posts),
  ]);
  return { total: Number(total?.n ?? 0), page, result: rows.map(view) };
}

export async function createPost(ctx: AppContext, input: z.output<typeof PostInput>) {
  const ids = input.product_display_ids;
  if (ids.length) {
    const found = await existingDisplayIds(ctx.db, ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw badRequest(`product_display_ids: 없는 상품입니다 (${missing.join(', ')}).`);
  }
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const { product_display_ids: _ids, published_at, ...fields } = input;
    const [p] = await tx
      .insert(posts)
      .values({
        ...fields,
        cover_image_url: '',
        published_at: published_at ? new Date(published_at) : now,
        created_at: now,
      })
      .returning({ id: posts.id });
    if (!p) throw new Error('post insert failed');
    await tx
      .update(posts)
      .set({ cover_image_url: `/api/images/banner/${100 + p.id}.webp` })
      .where(eq(posts.id, p.id));
    if (ids.length) {
      await tx
        .insert(postProducts)
        .values(ids.map((d, i) => ({ post_id: p.id, product_display_id: d, sort_order: i })));
    }
    return p.id;
  });
  await editorialIndexer(ctx).posts(ctx.db, [id]);
  const [row] = await ctx.db.select().from(posts).where(eq(posts.id, id));
  return view(row as Post);
}

export async function updatePost(ctx: AppContext, id: number, body: z.output<typeof PostUpdate>) {
  const [before] = await ctx.db.select().from(posts).where(eq(posts.id, id));
  if (!before) throw notFound(NOT_FOUND);
  const [after] = await ctx.db.update(posts).set(body).where(eq(posts.id, id)).returning();
  await editorialIndexer(ctx).posts(ctx.db, [id]);
  return { before: view(before), after: view(after as Post) };
}

export async function setPostCover(ctx: AppContext, id: number, image: ImageSource) {
  const [p] = await ctx.db.select({ id: posts.id }).from(posts).where(eq(posts.id, id));
  if (!p) throw notFound(NOT_FOUND);
  const stored = await storeImage(ctx.images, image, {
    scope: 'posts',
    now: ctx.clock.now(),
    maxWidth: 1200,
    maxHeight: 1200,
  });
  await ctx.db.update(posts).set({ cover_image_url: stored.url }).where(eq(posts.id, id));
  return { id, cover_image_url: stored.url };
}
