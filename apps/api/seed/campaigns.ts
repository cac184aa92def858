import {
  kstDate,
  kstDateString,
  kstParts,
  OFFICE_WEAR_KEYWORD,
  SPECIAL_PROMOTION_ID,
} from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { benefitWords, kstTimeLabel, withEul } from './copy.ts';
import {
  DAILY_QUIZZES,
  DAILY_STYLE_QUESTIONS,
  EDITORS,
  MISSIONS,
  POST_INTROS,
  POST_SECTION_TEXT,
  POST_TIPS,
  POSTS,
  SEARCH_KEYWORDS_EXTRA,
} from './data.ts';
import { SEED_VERSION } from './options.ts';
import type { SeedState } from './state.ts';
import { likeRows } from './styles.ts';
import { DAY, get, HOUR, type Row } from './writer.ts';

// ── time sales ──
export async function timeSales(ctx: SeedState): Promise<void> {
  const rng = ctx.root.fork('time_sales');
  // Titles name the instants themselves (KST), never "오늘" or "내일", which go stale.
  const runningEnds = new Date(ctx.nowMs + 14 * HOUR);
  ctx.timeSaleEnds = runningEnds;
  const running = {
    title: `${kstTimeLabel(runningEnds)}까지 타임특가`,
    starts_at: new Date(ctx.nowMs - 10 * HOUR),
    ends_at: runningEnds,
    created_at: ctx.ago(3),
  };
  const p = kstParts(new Date(ctx.nowMs + DAY));
  // One time sale at a time (docs/ARCHITECTURE.md, "Time sales"): the next one never starts before this one ends.
  const tenAm = kstDate(p.year, p.month, p.day, 10);
  const upStart = tenAm > runningEnds ? tenAm : runningEnds;
  const upcoming = {
    title: `${kstTimeLabel(upStart)} 타임특가`,
    starts_at: upStart,
    ends_at: new Date(upStart.getTime() + DAY),
    created_at: ctx.ago(2),
  };
  const ids = await ctx.w.insertIds('time_sales', t.timeSales, [running, upcoming]);
  const pool = ctx.displays.filter((d) => d.priceDiscount >= 20_000);
  const chosen = rng.sample(pool, Math.min(pool.length, 36));
  const rows: Row[] = [];
  chosen.forEach((d, i) => {
    const isRunning = i % 2 === 0;
    const salePrice = Math.max(100, Math.floor((d.priceDiscount * rng.float(0.7, 0.88)) / 100) * 100);
    const limit = rng.int(3, 30) * 10;
    rows.push({
      time_sale_id: get(ids, isRunning ? 0 : 1),
      product_display_id: d.id,
      sale_price: Math.min(salePrice, d.priceDiscount - 100),
      stock_limit: limit,
      sold_count: isRunning ? rng.int(0, limit) : 0,
    });
  });
  await ctx.w.insert('time_sale_items', t.timeSaleItems, rows);
  ctx.progress.step(1, 'time_sales');
}

// ── magazine posts ──
export async function posts(ctx: SeedState): Promise<void> {
  const rng = ctx.root.fork('posts');
  const n = ctx.reviewers.length;
  const plans = POSTS.map((post, i) => {
    const published = ctx.ago(POSTS.length * 9 - i * 9 + rng.float(0, 5));
    // Every paragraph is written for its heading (POST_SECTION_TEXT); the tip is about the kinds
    // of products the post links to; particles follow the keyword (seed/copy.ts).
    const kind = post.category === '이벤트' ? 'event' : post.category === '브랜드 스토리' ? 'story' : 'guide';
    const intro = rng
      .pick(POST_INTROS[kind])
      .replaceAll('{k:을}', withEul(post.keyword))
      .replaceAll('{k}', post.keyword);
    const tips = POST_TIPS.filter((tip) => post.categories.some((code) => tip.codes.test(code)));
    const lines: string[] = [intro, ''];
    for (const heading of post.sections) {
      const text = POST_SECTION_TEXT[heading];
      if (!text) throw new Error(`seed: no paragraph for the heading "${heading}"`);
      lines.push(`## ${heading}`, '', text, '');
    }
    if (tips.length > 0) lines.push(`> 에디터 팁: ${rng.pick(tips).text}`, '');
    lines.push(
      post.ended
        ? `${withEul(post.keyword)} 아껴 주신 고객 여러분께 감사드립니다.`
        : `오늘 소개한 ${post.keyword} 아이템은 아래에서 바로 만나보실 수 있습니다.`,
    );
    if (post.forms) lines.push('', ...post.forms);
    const items = rng
      .sample(
        ctx.displays.filter((d) => post.categories.includes(d.cat.code)),
        rng.int(4, 8),
      )
      .map((d) => d.id);
    return {
      row: {
        title: post.title,
        subtitle: post.subtitle,
        body: lines.join('\n'),
        cover_image_url: `/api/images/banner/${100 + i + 1}.webp`,
        category: post.category,
        author: rng.pick(EDITORS),
        status: post.ended ? 'ENDED' : 'RUNNING',
        view_count: Math.round(rng.float(800, 25_000)),
        like_count: 0,
        published_at: published,
        created_at: new Date(published.getTime() - DAY),
      } as Row,
      items,
      likes: rng.sampleIndices(n, Math.min(n, rng.poisson(n * 0.04 + 1))),
    };
  });
  for (const p of plans) p.row.like_count = p.likes.length;
  const ids = await ctx.w.insertIds(
    'posts',
    t.posts,
    plans.map((p) => p.row),
  );
  const rows: Row[] = [];
  plans.forEach((p, i) => {
    p.items.forEach((displayId, o) => {
      rows.push({ post_id: get(ids, i), product_display_id: displayId, sort_order: o });
    });
  });
  await ctx.w.insert('post_products', t.postProducts, rows);
  await likeRows(
    ctx,
    'CONTENT',
    ids,
    plans.map((p) => p.likes),
    rng,
  );
  ctx.postIds = ids;
  ctx.progress.step(1, 'posts');
}

// ── banners ──
export async function banners(ctx: SeedState): Promise<void> {
  const promo = (i: number) => `/promotion/${get(ctx.promotionIds, i)}`;
  // Every banner's copy comes from what it links to: a promotion banner is that promotion's copy
  // and ends with it; the time-sale banner names the sale's end in KST and ends with it.
  const promoRow = (i: number) => get(ctx.promotionRows, i);
  const special = ctx.promotionIds.indexOf(SPECIAL_PROMOTION_ID);
  const welcome = ctx.couponRows.get('welcome') as Row;
  const magazine = get(POSTS, 10);
  const defs: [string, string, string, string, Date | null][] = [
    [
      'home_top',
      String(promoRow(0).title),
      String(promoRow(0).subtitle),
      promo(0),
      promoRow(0).ends_at as Date,
    ],
    ['home_top', '출근룩 완성 기획전', '셔츠부터 구두까지 한 번에', `/theme/${get(ctx.themeIds, 1)}`, null],
    [
      'home_top',
      '타임특가',
      `${kstTimeLabel(ctx.timeSaleEnds)}까지, 한정 수량`,
      '/timeSale',
      ctx.timeSaleEnds,
    ],
    ['home_top', `아울렛 최대 ${ctx.outletMaxRate}%`, '시즌오프 인기 상품 모음', '/collection/outlet', null],
    [
      'home_top',
      String(promoRow(special).title),
      String(promoRow(special).subtitle),
      `/promotion/${SPECIAL_PROMOTION_ID}`,
      promoRow(special).ends_at as Date,
    ],
    [
      'home_middle',
      '신규 회원 웰컴 쿠폰',
      `가입하고 ${benefitWords('FIXED', Number(welcome.discount_value))} 쿠폰 받기`,
      '/signup',
      null,
    ],
    ['home_middle', '스타일 퀴즈', '3분 만에 나에게 맞는 코디 찾기', '/stylequiz', null],
    ['home_middle', '코디룸 매거진', magazine.subtitle, `/post/${get(ctx.postIds, 10)}`, null],
  ];
  await ctx.w.insert(
    'banners',
    t.banners,
    defs.map(([placement, title, subtitle, link, ends], i) => ({
      placement,
      title,
      subtitle,
      image_url: '',
      link_url: link,
      starts_at: ctx.ago(14),
      ends_at: ends,
      sort_order: i,
    })),
  );
  await ctx.db.execute(
    sql`update ${t.banners} set image_url = '/api/images/banner/' || id || '.webp' where image_url = ''`,
  );
  ctx.progress.step(1, 'banners');
}

// ── search keywords, missions, daily quizzes ──
export async function keywordsMissionsQuizzes(ctx: SeedState): Promise<void> {
  await ctx.w.insert(
    'search_keywords',
    t.searchKeywords,
    [OFFICE_WEAR_KEYWORD, ...SEARCH_KEYWORDS_EXTRA].map((keyword, i) => ({
      keyword,
      kind: 'recommended',
      sort_order: i,
    })),
  );
  await ctx.w.insert(
    'missions',
    t.missions,
    MISSIONS.map((m) => ({ ...m })),
  );
  const rng = ctx.root.fork('quizzes');
  const order = rng.shuffle(DAILY_QUIZZES.map((_, i) => i));
  const keys = ['A', 'B', 'C', 'D'];
  await ctx.w.insert(
    'daily_quizzes',
    t.dailyQuizzes,
    Array.from({ length: 14 }, (_, d) => {
      // Odd days ask a style question (no right answer, each option a style), even days trivia.
      if (d % 2 === 1) {
        const sq = get(DAILY_STYLE_QUESTIONS, ((d - 1) / 2) % DAILY_STYLE_QUESTIONS.length);
        return {
          quiz_date: kstDateString(new Date(ctx.nowMs + d * DAY)),
          question: sq.question,
          options: sq.options.map((o, i) => ({ key: get(keys, i), label: o.label, style: o.style })),
          answer: null,
          point: d % 7 === 6 ? 50 : 10,
        };
      }
      const q = get(DAILY_QUIZZES, get(order, d % order.length));
      return {
        quiz_date: kstDateString(new Date(ctx.nowMs + d * DAY)),
        question: q.question,
        options: q.options.map((label, i) => ({ key: get(keys, i), label })),
        answer: get(keys, q.answer),
        point: d % 7 === 6 ? 50 : 10,
      };
    }),
  );
  ctx.progress.step(3, 'missions');
}

export async function finish(ctx: SeedState): Promise<void> {
  // Stored search forms of every product, brand, style, post and term (domains/search).
  await ctx.indexSearch?.(ctx.db);
  // A review photo shows the reviewed product: its type and colour.
  await ctx.db.execute(
    sql`update ${t.reviewPhotos} p
        set image_url = '/api/images/review/' || d.product_type || '/' || ltrim(d.color_hex, '#') || '/' || p.id || '.webp'
        from ${t.reviews} r join ${t.productDisplays} d on d.id = r.product_display_id
        where r.id = p.review_id and p.image_url = ''`,
  );
  await ctx.w.insert('app_meta', t.appMeta, [
    {
      key: 'seed',
      value: { version: SEED_VERSION, products: ctx.productCount, seeded_at: ctx.now.toISOString() },
      updated_at: ctx.now,
    },
  ]);
  ctx.progress.step(ctx.progress.total, 'done');
}
