/**
 * The curation engine over many generated catalogues and quiz answers (property tests): every pick
 * in stock in the member's size and within budget, no avoided colour or disliked style, a top and a
 * bottom in every outfit, no product twice, at most one accent colour, a reason on every pick,
 * nothing bought or rated badly; and the rules that steer it (season, personal colour, learning).
 */
import { describe, expect, it } from 'vitest';
import {
  type CurationCandidate,
  type CurationProfile,
  colorLine,
  composeOutfits,
  isEligible,
  kstSeason,
  outfitNote,
  type PersonalColorSeason,
  reasonsFor,
  SEASON_PALETTES,
  styleAffinity,
} from '../src/curation-engine.ts';
import { avoidBroken, inSeason, type QuizAvoid } from '../src/curation-rules.ts';
import { Rng } from '../src/random.ts';
import { NEUTRAL_COLORS, OCCASIONS, type Occasion } from '../src/vocabulary.ts';

/** Deterministic cases, drawn from the project's one seeded generator (src/random.ts). */
function rng(seed: number) {
  const gen = new Rng(seed);
  const next = () => gen.next();
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const some = <T>(xs: readonly T[], max: number): T[] => {
    const n = Math.floor(next() * (max + 1));
    return [...new Set(Array.from({ length: n }, () => pick(xs)))];
  };
  return { next, pick, some };
}

const STYLES = [
  '미니멀',
  '비즈니스캐주얼',
  '클래식',
  '댄디',
  '캐주얼',
  '포멀',
  '아메카지',
  '스트릿',
  '고프코어',
  '스포티',
];
const COLORS = [...NEUTRAL_COLORS, '버건디', '머스타드', '스카이블루', '레드', '그린', '라벤더'];
const TYPES = ['TOP', 'TOP', 'TOP', 'BOTTOM', 'BOTTOM', 'OUTER', 'SHOES', 'BAG', 'ETC'] as const;
const SIZES = ['S', 'M', 'L', 'XL'];
const SHOE_SIZES = ['255', '260', '265', '270', '275', '280'];
/** Names that break a rule in some quizzes and seasons, and plain ones. */
const NAMES = [
  '옥스포드 셔츠',
  '린넨 셔츠',
  '반팔 티셔츠',
  '기모 맨투맨',
  '치노 쇼츠',
  '버뮤다 팬츠',
  '스키니 데님',
  '오버핏 후드',
  '로고 스웨트셔츠',
  '플로럴 셔츠',
  '울 슬랙스',
  '캔버스 슬립온',
  '패딩 점퍼',
  '코튼 치노',
];
const SEASONS = ['SS', 'FW', '간절기', '사계절', null];
const AVOIDS: QuizAvoid[] = ['shorts', 'logo', 'skinny', 'oversized', 'loud_pattern', 'bright_color'];
/** A date in each KST season (noon KST). */
const AT = {
  spring: new Date('2026-04-15T03:00:00Z'),
  summer: new Date('2026-07-15T03:00:00Z'),
  autumn: new Date('2026-10-15T03:00:00Z'),
  winter: new Date('2026-01-15T03:00:00Z'),
} as const;

function catalogue(r: ReturnType<typeof rng>, n: number): CurationCandidate[] {
  return Array.from({ length: n }, (_, i) => {
    const type = r.pick(TYPES);
    const inStock = r.some(SIZES, 4);
    return {
      id: i + 1,
      product_type: type,
      category_code: `${type.toLowerCase()}_${Math.floor(r.next() * 4)}`,
      name: `${r.pick(NAMES)} ${i + 1}`,
      style_tags: r.some(STYLES, 3),
      color_name: r.pick(COLORS),
      season: r.pick(SEASONS),
      price: 20_000 + Math.floor(r.next() * 30) * 5_000,
      size:
        type === 'SHOES'
          ? r.next() < 0.7
            ? r.pick(SHOE_SIZES)
            : null
          : r.next() < 0.9
            ? r.pick(SIZES)
            : null,
      sizes_in_stock:
        type === 'SHOES'
          ? r.some(SHOE_SIZES, 6)
          : type === 'BAG'
            ? r.next() < 0.8
              ? ['FREE']
              : []
            : inStock,
      popularity: r.next(),
    };
  });
}

function profile(r: ReturnType<typeof rng>, products: CurationCandidate[]): CurationProfile {
  const ids = products.map((p) => p.id);
  const ratings: Record<number, number> = {};
  for (const id of r.some(ids, 8)) ratings[id] = 1 + Math.floor(r.next() * 5);
  return {
    liked_styles: r.some(STYLES, 3),
    disliked_styles: r.some(STYLES, 2),
    liked_colors: r.some(COLORS, 3),
    avoided_colors: r.some(COLORS, 3),
    budget_max: r.next() < 0.2 ? null : 80_000 + Math.floor(r.next() * 30) * 10_000,
    avoid: r.some(AVOIDS, 3),
    occasions: r.some(OCCASIONS, 2) as Occasion[],
    personal_color: r.next() < 0.5 ? r.pick(Object.keys(SEASON_PALETTES) as PersonalColorSeason[]) : null,
    bought: r.some(ids, 6),
    ratings,
    liked: r.some(ids, 6),
    skipped: r.some(ids, 6),
  };
}

describe('curation engine properties (500 generated members)', () => {
  it('holds every rule on every pick', () => {
    let outfitsSeen = 0;
    for (let seed = 1; seed <= 500; seed++) {
      const r = rng(seed);
      const products = catalogue(r, 150);
      const byId = new Map(products.map((p) => [p.id, p]));
      const p = profile(r, products);
      const season = r.pick(['spring', 'summer', 'autumn', 'winter'] as const);
      const outfits = composeOutfits(products, p, { at: AT[season], count: 4 });
      const seen = new Set<number>();
      for (const o of outfits) {
        outfitsSeen += 1;
        const roles = o.picks.map((x) => x.role);
        const total = o.picks.reduce(
          (sum, x) => sum + (byId.get(x.product_id) as CurationCandidate).price,
          0,
        );
        expect(o.total).toBe(total);
        // The budget is one outfit's (한 벌).
        if (p.budget_max !== null) expect(total, `seed ${seed}`).toBeLessThanOrEqual(p.budget_max);
        expect(roles).toContain('top');
        expect(roles).toContain('bottom');
        if (season === 'summer') expect(roles).not.toContain('outer');
        const accents = o.colors.filter((c) => !NEUTRAL_COLORS.has(c));
        expect(accents.length).toBeLessThanOrEqual(1);
        for (const pick of o.picks) {
          const c = byId.get(pick.product_id) as CurationCandidate;
          expect(seen.has(c.id), `seed ${seed}: product ${c.id} twice`).toBe(false);
          seen.add(c.id);
          expect(isEligible(c, p)).toBe(true);
          if (pick.role !== 'bag') {
            // Shoes too: in the member's shoe size, never a default one.
            expect(pick.size).not.toBeNull();
            expect(pick.size).toBe(c.size);
            expect(c.sizes_in_stock).toContain(c.size);
          }
          expect(avoidBroken(c, p.avoid ?? []), `seed ${seed}: ${c.name}`).toBeNull();
          expect(inSeason(c, AT[season]), `seed ${seed}: ${c.name} in ${season}`).toBe(true);
          expect(p.avoided_colors).not.toContain(c.color_name);
          for (const t of c.style_tags) expect(p.disliked_styles).not.toContain(t);
          expect(p.bought).not.toContain(c.id);
          expect(p.ratings[c.id] ?? 5).toBeGreaterThan(2);
          expect(pick.reasons.length).toBeGreaterThan(0);
        }
      }
    }
    // The generated members get outfits most of the time (the properties are not vacuous).
    expect(outfitsSeen).toBeGreaterThan(1000);
  });
});

describe('curation engine rules', () => {
  const base = (over: Partial<CurationCandidate>): CurationCandidate => ({
    id: 0,
    product_type: 'TOP',
    category_code: 'top_shirt',
    name: '셔츠',
    style_tags: ['미니멀'],
    color_name: '화이트',
    price: 40_000,
    size: 'L',
    sizes_in_stock: ['M', 'L'],
    popularity: 0.5,
    ...over,
  });
  const member: CurationProfile = {
    liked_styles: ['미니멀'],
    disliked_styles: [],
    liked_colors: [],
    avoided_colors: [],
    budget_max: 200_000,
    occasions: ['office'],
    personal_color: null,
    bought: [],
    ratings: {},
    liked: [],
    skipped: [],
  };
  const shop = [
    base({ id: 1, color_name: '화이트' }),
    base({ id: 2, color_name: '라이트블루', style_tags: ['비즈니스캐주얼'] }),
    base({
      id: 3,
      product_type: 'BOTTOM',
      category_code: 'bottom_slacks',
      name: '울 슬랙스',
      color_name: '차콜',
    }),
    base({
      id: 4,
      product_type: 'BOTTOM',
      category_code: 'bottom_slacks',
      name: '울 슬랙스',
      color_name: '네이비',
    }),
    base({ id: 5, product_type: 'OUTER', category_code: 'outer_blazer', color_name: '네이비' }),
    base({
      id: 6,
      product_type: 'SHOES',
      category_code: 'shoes_loafer',
      color_name: '블랙',
      size: '270',
      sizes_in_stock: ['270'],
    }),
  ];

  it('an outer in autumn and winter, none in summer; reasons name style, occasion, size and colours', () => {
    const autumn = composeOutfits(shop, member, { at: AT.autumn, count: 1 });
    expect(autumn[0]?.picks.map((p) => p.role)).toEqual(['top', 'bottom', 'outer', 'shoes']);
    // Sentences from the facts: the occasion and style, what it goes with, the size.
    expect(autumn[0]?.picks[0]?.reasons).toEqual([
      '출근룩에 어울리는 미니멀 스타일로, 차콜 슬랙스에 맞춰 고른 화이트 셔츠예요.',
      'L 사이즈로 골랐어요.',
    ]);
    expect(autumn[0]?.picks[1]?.reasons[0]).toBe(
      '출근룩에 어울리는 미니멀 스타일로, 화이트 셔츠와 어울리는 차콜 슬랙스예요.',
    );
    // The stylist's note from the same facts: the pairing, the colours in words, the budget.
    expect(autumn[0]?.note).toBe(
      '화이트 셔츠와 차콜 슬랙스에 네이비 셔츠를 걸친 출근룩이에요. 화이트·차콜 톤온톤으로 차분하게 맞췄어요. 한 벌 160,000원으로 예산 200,000원 안이에요.',
    );
    const summer = composeOutfits(shop, member, { at: AT.summer, count: 1 });
    expect(summer[0]?.picks.map((p) => p.role)).toEqual(['top', 'bottom', 'shoes']);
  });

  it('a rating of 1 keeps an item out of the next curation; a liked style leads', () => {
    const first = composeOutfits(shop, member, { at: AT.summer, count: 1 });
    expect(first[0]?.picks[0]?.product_id).toBe(1);
    const rated = composeOutfits(shop, { ...member, ratings: { 1: 1 } }, { at: AT.summer, count: 1 });
    expect(rated[0]?.picks.map((p) => p.product_id)).not.toContain(1);
    expect(rated[0]?.picks[0]?.product_id).toBe(2);
  });

  it('the personal-colour palette lifts colours near the face', () => {
    const twoTops = [
      base({ id: 11, color_name: '화이트', popularity: 0.9 }),
      base({ id: 12, color_name: '카멜', popularity: 0.1 }),
      base({ id: 13, product_type: 'BOTTOM', category_code: 'bottom_chino', color_name: '베이지' }),
    ];
    const plain = composeOutfits(twoTops, member, { at: AT.summer, count: 1 });
    expect(plain[0]?.picks[0]?.product_id).toBe(11);
    const autumnWarm = composeOutfits(
      twoTops,
      { ...member, personal_color: 'AUTUMN_WARM' },
      { at: AT.summer, count: 1 },
    );
    expect(autumnWarm[0]?.picks[0]?.product_id).toBe(12);
    expect(autumnWarm[0]?.picks[0]?.reasons[0]).toMatch(/^가을 웜톤에 어울리는 색으로, .+ 카멜 셔츠예요\.$/);
  });

  it('liked and badly rated history moves style affinity', () => {
    const tops = [
      base({ id: 21, style_tags: ['스트릿'], popularity: 0.1 }),
      base({ id: 22, style_tags: ['클래식'], popularity: 0.9 }),
      base({ id: 23, style_tags: ['스트릿'], popularity: 0.1 }),
      base({ id: 24, product_type: 'BOTTOM', category_code: 'bottom_denim', color_name: '진청' }),
    ];
    const neutral = { ...member, liked_styles: [], occasions: [] };
    expect(composeOutfits(tops, neutral, { at: AT.summer, count: 1 })[0]?.picks[0]?.product_id).toBe(22);
    const likesStreet = { ...neutral, liked: [21], bought: [21] };
    expect(composeOutfits(tops, likesStreet, { at: AT.summer, count: 1 })[0]?.picks[0]?.product_id).toBe(23);
  });

  it('daily-quiz style votes lift a style, bounded', () => {
    const tops = [
      base({ id: 41, style_tags: ['스트릿'], popularity: 0.1 }),
      base({ id: 42, style_tags: ['클래식'], popularity: 0.9 }),
      base({ id: 43, product_type: 'BOTTOM', category_code: 'bottom_denim', color_name: '진청' }),
    ];
    const neutral = { ...member, liked_styles: [], occasions: [] };
    expect(composeOutfits(tops, neutral, { at: AT.summer, count: 1 })[0]?.picks[0]?.product_id).toBe(42);
    const voted = { ...neutral, style_votes: { 스트릿: 2 } };
    expect(composeOutfits(tops, voted, { at: AT.summer, count: 1 })[0]?.picks[0]?.product_id).toBe(41);
    const byId = new Map(tops.map((c) => [c.id, c]));
    expect(styleAffinity({ ...neutral, style_votes: { 스트릿: 50 } }, byId).get('스트릿')).toBe(2);
  });

  it('a liked colour lifts a pick and says so', () => {
    const tops = [
      base({ id: 31, color_name: '화이트', popularity: 0.5 }),
      base({ id: 32, color_name: '네이비', popularity: 0.1 }),
      base({ id: 33, product_type: 'BOTTOM', category_code: 'bottom_chino', color_name: '베이지' }),
    ];
    expect(composeOutfits(tops, member, { at: AT.summer, count: 1 })[0]?.picks[0]?.product_id).toBe(31);
    const likesNavy = composeOutfits(
      tops,
      { ...member, liked_colors: ['네이비'] },
      { at: AT.summer, count: 1 },
    );
    expect(likesNavy[0]?.picks[0]?.product_id).toBe(32);
    expect(likesNavy[0]?.picks[0]?.reasons[0]).toMatch(/^좋아하시는 색으로, .+ 네이비 셔츠예요\.$/);
  });

  it('colour lines and KST seasons', () => {
    expect(colorLine(['네이비', '그레이'])).toBe('네이비+그레이 톤온톤');
    expect(colorLine(['블랙', '버건디', '블랙'])).toBe('블랙 베이스 + 버건디 포인트');
    expect(kstSeason(new Date('2026-11-30T16:00:00Z'))).toBe('winter'); // 1 Dec in KST
    expect(kstSeason(new Date('2026-06-01T00:00:00Z'))).toBe('summer');
    expect(kstSeason(new Date('2026-03-01T00:00:00Z'))).toBe('spring');
  });
});

describe('reasons and notes in sentences', () => {
  const piece = (name: string, color_name: string, product_type: CurationCandidate['product_type']) =>
    ({
      id: 1,
      product_type,
      category_code: 'x',
      name,
      style_tags: [],
      color_name,
      price: 100_000,
      size: null,
      sizes_in_stock: ['FREE'],
      popularity: 0,
    }) satisfies CurationCandidate;

  it('particles follow the last syllable (자켓이에요, 니트예요, 셔츠와, 코트를)', () => {
    const note = outfitNote(
      {
        top: piece('램스울 니트', '그레이', 'TOP'),
        bottom: piece('울 슬랙스', '네이비', 'BOTTOM'),
        outer: piece('울 자켓', '차콜', 'OUTER'),
      },
      ['그레이', '네이비', '차콜'],
      321_000,
      { occasions: ['date'], budget_max: null },
    );
    expect(note).toBe(
      '그레이 니트와 네이비 슬랙스에 차콜 자켓을 걸친 데이트룩이에요. 그레이·네이비 톤온톤으로 차분하게 맞췄어요. 한 벌 321,000원이에요.',
    );
    const member = {
      liked_styles: [],
      disliked_styles: [],
      liked_colors: [],
      avoided_colors: [],
      budget_max: null,
      occasions: [],
      personal_color: null,
      bought: [],
      ratings: {},
      liked: [],
      skipped: [],
    } satisfies CurationProfile;
    expect(
      reasonsFor(
        piece('울 자켓', '차콜', 'OUTER'),
        'outer',
        member,
        piece('램스울 니트', '그레이', 'TOP'),
      )[0],
    ).toBe('그레이 니트 위에 걸치기 좋은 차콜 자켓이에요.');
    expect(
      reasonsFor(
        piece('옥스포드 셔츠', '화이트', 'TOP'),
        'top',
        member,
        piece('울 슬랙스', '버건디', 'BOTTOM'),
      )[0],
    ).toBe('버건디 슬랙스에 맞춰 고른 화이트 셔츠예요.');
  });
});
