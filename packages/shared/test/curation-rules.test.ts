/**
 * The style quiz's hard rules (curation-rules.ts) and the engine keeping them: what the member said
 * to avoid, the season at the KST date, the budget as one outfit's (한 벌) and shoes only in the
 * member's shoe size. The cases are the ones a member met: shorts after avoiding 반바지, 반팔 and
 * linen in late November, outfits over a 150,000원 budget, shoes put in the cart in size 250.
 */
import { describe, expect, it } from 'vitest';
import { type CurationCandidate, type CurationProfile, composeOutfits } from '../src/curation-engine.ts';
import { avoidBroken, breaksAvoid, inSeason, type RuleFacts } from '../src/curation-rules.ts';
import { chooseGivenSize, fitNote } from '../src/sizing.ts';

const facts = (over: Partial<RuleFacts>): RuleFacts => ({
  product_type: 'TOP',
  category_code: 'top_shirt',
  category_sub: 'shirt',
  name: '옥스포드 셔츠',
  style_tags: ['미니멀'],
  color_name: '화이트',
  fit: '레귤러핏',
  material: '코튼 100%',
  season: '사계절',
  ...over,
});
const LATE_NOVEMBER = new Date('2026-11-25T01:00:00Z');
const JULY = new Date('2026-07-10T03:00:00Z');
const SEPTEMBER = new Date('2026-09-10T03:00:00Z');

describe('avoid list (the quiz: 반바지, 큰 로고, 스키니핏, 오버핏, 화려한 패턴, 밝은 원색)', () => {
  it('shorts by category or by name, wherever they are filed', () => {
    expect(
      breaksAvoid(
        facts({ category_code: 'bottom_shorts', category_sub: 'shorts', name: '버뮤다 팬츠' }),
        'shorts',
      ),
    ).toBe(true);
    expect(
      breaksAvoid(
        facts({ category_code: 'sports_bottom', category_sub: 'bottom', name: '러닝 쇼츠' }),
        'shorts',
      ),
    ).toBe(true);
    expect(breaksAvoid(facts({ category_code: 'bottom_pants', name: '와이드 치노 쇼츠' }), 'shorts')).toBe(
      true,
    );
    expect(breaksAvoid(facts({ category_code: 'bottom_slacks', name: '울 테이퍼드 슬랙스' }), 'shorts')).toBe(
      false,
    );
  });

  it('logos, skinny and oversized cuts, loud patterns', () => {
    expect(breaksAvoid(facts({ name: '레터링 맨투맨' }), 'logo')).toBe(true);
    expect(breaksAvoid(facts({ name: '빅로고 후드' }), 'logo')).toBe(true);
    expect(breaksAvoid(facts({ name: '스키니 데님', fit: '슬림핏' }), 'skinny')).toBe(true);
    // Slim is not skinny.
    expect(breaksAvoid(facts({ name: '슬림 슬랙스', fit: '슬림핏' }), 'skinny')).toBe(false);
    expect(breaksAvoid(facts({ name: '코튼 후드', fit: '세미오버핏' }), 'oversized')).toBe(true);
    expect(breaksAvoid(facts({ name: '오버사이즈 셔츠' }), 'oversized')).toBe(true);
    expect(breaksAvoid(facts({ name: '하와이안 셔츠' }), 'loud_pattern')).toBe(true);
    expect(breaksAvoid(facts({ name: '플로럴 셔츠' }), 'loud_pattern')).toBe(true);
    // Stripes and checks are office classics, not loud.
    expect(breaksAvoid(facts({ name: '스트라이프 셔츠' }), 'loud_pattern')).toBe(false);
  });

  it('bright primary colours, not muted accents', () => {
    expect(breaksAvoid(facts({ color_name: '레드' }), 'bright_color')).toBe(true);
    expect(breaksAvoid(facts({ color_name: '스카이블루' }), 'bright_color')).toBe(true);
    expect(breaksAvoid(facts({ color_name: '버건디' }), 'bright_color')).toBe(false);
    expect(breaksAvoid(facts({ color_name: '네이비' }), 'bright_color')).toBe(false);
    expect(
      avoidBroken(facts({ color_name: '레드', name: '치노 쇼츠' }), ['logo', 'bright_color', 'shorts']),
    ).toBe('bright_color');
    expect(avoidBroken(facts({}), ['logo', 'shorts'])).toBeNull();
  });
});

describe('season at the KST date', () => {
  it('late November: no short sleeves, linen, cooling fabric or canvas shoes, whatever the label', () => {
    expect(inSeason(facts({ name: '반팔 티셔츠', season: 'SS' }), LATE_NOVEMBER)).toBe(false);
    expect(inSeason(facts({ name: '린넨 셔츠', season: '사계절' }), LATE_NOVEMBER)).toBe(false);
    expect(
      inSeason(facts({ name: '셔츠', material: '린넨 55% 코튼 45%', season: '사계절' }), LATE_NOVEMBER),
    ).toBe(false);
    expect(inSeason(facts({ name: '쿨링 반팔', season: null }), LATE_NOVEMBER)).toBe(false);
    expect(
      inSeason(facts({ product_type: 'SHOES', name: '캔버스 슬립온', season: '사계절' }), LATE_NOVEMBER),
    ).toBe(false);
    expect(inSeason(facts({ name: '울 코트', season: 'FW' }), LATE_NOVEMBER)).toBe(true);
    expect(inSeason(facts({ name: '옥스포드 셔츠', season: '간절기' }), LATE_NOVEMBER)).toBe(true);
    expect(inSeason(facts({ name: '옥스포드 셔츠', season: '사계절' }), LATE_NOVEMBER)).toBe(true);
  });

  it('summer takes no winter clothes; September takes summer and between-season ones', () => {
    expect(inSeason(facts({ name: '기모 맨투맨', season: '사계절' }), JULY)).toBe(false);
    expect(inSeason(facts({ name: '울 코트', season: 'FW' }), JULY)).toBe(false);
    expect(inSeason(facts({ name: '반팔 티셔츠', season: 'SS' }), JULY)).toBe(true);
    expect(inSeason(facts({ name: '반팔 티셔츠', season: 'SS' }), SEPTEMBER)).toBe(true);
    expect(inSeason(facts({ name: '옥스포드 셔츠', season: '간절기' }), SEPTEMBER)).toBe(true);
    expect(inSeason(facts({ name: '울 코트', season: 'FW' }), SEPTEMBER)).toBe(false);
  });
});

describe('the engine keeps the rules', () => {
  const c = (over: Partial<CurationCandidate>): CurationCandidate => ({
    id: 0,
    product_type: 'TOP',
    category_code: 'top_shirt',
    name: '옥스포드 셔츠',
    style_tags: ['미니멀'],
    color_name: '화이트',
    season: '사계절',
    price: 50_000,
    size: 'L',
    sizes_in_stock: ['L'],
    popularity: 0.5,
    ...over,
  });
  const member: CurationProfile = {
    liked_styles: ['미니멀'],
    disliked_styles: [],
    liked_colors: [],
    avoided_colors: [],
    budget_max: null,
    occasions: ['office'],
    personal_color: null,
    bought: [],
    ratings: {},
    liked: [],
    skipped: [],
  };
  const bottoms = [
    c({
      id: 20,
      product_type: 'BOTTOM',
      category_code: 'bottom_shorts',
      category_sub: 'shorts',
      name: '와이드 치노 쇼츠',
      color_name: '베이지',
      popularity: 0.9,
      size: '32',
      sizes_in_stock: ['32'],
    }),
    c({
      id: 21,
      product_type: 'BOTTOM',
      category_code: 'bottom_slacks',
      name: '울 슬랙스',
      color_name: '차콜',
      popularity: 0.1,
      size: '32',
      sizes_in_stock: ['32'],
    }),
  ];

  it('a member who avoids 반바지 gets none, even the most popular bottom', () => {
    const shop = [c({ id: 1 }), ...bottoms];
    expect(composeOutfits(shop, member, { at: JULY, count: 1 })[0]?.picks[1]?.product_id).toBe(20);
    const avoids = composeOutfits(shop, { ...member, avoid: ['shorts'] }, { at: JULY, count: 1 });
    expect(avoids[0]?.picks[1]?.product_id).toBe(21);
  });

  it('late November: a short-sleeved top is never picked, even when it is all the member likes', () => {
    const shop = [
      c({ id: 1, name: '반팔 티셔츠', season: 'SS', popularity: 1 }),
      c({ id: 2, name: '울 니트', season: 'FW', popularity: 0 }),
      bottoms[1] as CurationCandidate,
    ];
    const [outfit] = composeOutfits(shop, member, { at: LATE_NOVEMBER, count: 1 });
    expect(outfit?.picks[0]?.product_id).toBe(2);
    // Nothing in season: no outfit, not a summer one.
    expect(
      composeOutfits([shop[0] as CurationCandidate, bottoms[1] as CurationCandidate], member, {
        at: LATE_NOVEMBER,
        count: 1,
      }),
    ).toEqual([]);
  });

  it('the budget is one outfit: top, bottom and the outer the season wants fit it together', () => {
    const shop = [
      c({ id: 1, price: 90_000, popularity: 1 }),
      c({ id: 2, price: 50_000, popularity: 0.2 }),
      c({
        id: 21,
        product_type: 'BOTTOM',
        category_code: 'bottom_slacks',
        name: '울 슬랙스',
        color_name: '차콜',
        price: 40_000,
        size: '32',
        sizes_in_stock: ['32'],
      }),
      c({
        id: 30,
        product_type: 'OUTER',
        category_code: 'outer_coat',
        name: '울 코트',
        season: 'FW',
        color_name: '네이비',
        price: 60_000,
      }),
    ];
    // 150,000원: the favourite 90,000원 top would leave no room for the coat November wants.
    const [outfit] = composeOutfits(
      shop,
      { ...member, budget_max: 150_000 },
      { at: LATE_NOVEMBER, count: 1 },
    );
    expect(outfit?.picks.map((p) => p.product_id)).toEqual([2, 21, 30]);
    expect(outfit?.total).toBe(150_000);
    expect(outfit?.note).toContain('한 벌 150,000원으로 예산 150,000원 안이에요.');
    // No limit: the favourite top.
    expect(composeOutfits(shop, member, { at: LATE_NOVEMBER, count: 1 })[0]?.picks[0]?.product_id).toBe(1);
    // Too little budget for a top and a bottom together: no outfit rather than one over budget.
    expect(composeOutfits(shop, { ...member, budget_max: 80_000 }, { at: LATE_NOVEMBER, count: 1 })).toEqual(
      [],
    );
  });

  it('room for the bottom is kept even when room for the outer is given up', () => {
    const shop = [
      c({ id: 1, price: 70_000, popularity: 1 }),
      c({ id: 2, price: 45_000, popularity: 0 }),
      c({
        id: 21,
        product_type: 'BOTTOM',
        category_code: 'bottom_slacks',
        name: '울 슬랙스',
        color_name: '차콜',
        price: 50_000,
        size: '32',
        sizes_in_stock: ['32'],
      }),
      c({
        id: 30,
        product_type: 'OUTER',
        category_code: 'outer_coat',
        name: '울 코트',
        season: 'FW',
        color_name: '네이비',
        price: 40_000,
      }),
    ];
    // 100,000원 in winter: no coat fits with a top and a bottom, but the 45,000원 top and the bottom do.
    const [outfit] = composeOutfits(
      shop,
      { ...member, budget_max: 100_000 },
      { at: new Date('2026-12-20T03:00:00Z'), count: 1 },
    );
    expect(outfit?.picks.map((p) => p.product_id)).toEqual([2, 21]);
    expect(outfit?.total).toBe(95_000);
  });

  it('shoes only in the member’s shoe size; without one, a bag or nothing', () => {
    const shoes = c({
      id: 40,
      product_type: 'SHOES',
      category_code: 'shoes_loafer',
      name: '페니 로퍼',
      color_name: '블랙',
      size: null,
      sizes_in_stock: ['250', '270'],
    });
    const bag = c({
      id: 50,
      product_type: 'BAG',
      category_code: 'bag_tote',
      name: '레더 토트백',
      color_name: '블랙',
      size: null,
      sizes_in_stock: ['FREE'],
    });
    const shop = [c({ id: 1 }), bottoms[1] as CurationCandidate, shoes, bag];
    const noSize = composeOutfits(shop, member, { at: JULY, count: 1 })[0];
    expect(noSize?.picks.map((p) => p.role)).toEqual(['top', 'bottom', 'bag']);
    const withSize = composeOutfits(
      [c({ id: 1 }), bottoms[1] as CurationCandidate, { ...shoes, size: '270' }, bag],
      member,
      { at: JULY, count: 1 },
    )[0];
    expect(withSize?.picks.find((p) => p.role === 'shoes')).toMatchObject({ product_id: 40, size: '270' });
  });
});

describe('the size the member gave (chooseGivenSize)', () => {
  const size = (size_name: string, fits: number, small: number, ease: number | null = 2) => ({
    size_name,
    is_sold_out: false,
    ease,
    fits,
    small,
    large: 1 - fits - small,
  });

  it('keeps the given size while the sheet gives it a fair chance, whatever the model prefers', () => {
    const rec = { recommended_size: '34', sizes: [size('32', 0.4, 0.5), size('34', 0.7, 0.1)] };
    expect(chooseGivenSize('32', rec)).toEqual({ size: '32', note: null });
  });

  it('moves off it only with the reason in words', () => {
    const rec = { recommended_size: '34', sizes: [size('32', 0.1, 0.85), size('34', 0.7, 0.1)] };
    expect(chooseGivenSize('32', rec)).toEqual({
      size: '34',
      note: '평소 32를 입으시지만 이 상품의 32는 실측이 작게 나와 34를 골랐어요',
    });
    const large = { recommended_size: 'M', sizes: [size('L', 0.1, 0.05), size('M', 0.8, 0.1)] };
    expect(chooseGivenSize('L', large)).toEqual({
      size: 'M',
      note: '평소 L을 입으시지만 이 상품의 L은 실측이 크게 나와 M을 골랐어요',
    });
    const absent = { recommended_size: '34', sizes: [size('34', 0.7, 0.1)] };
    expect(chooseGivenSize('31', absent).note).toBe('이 상품에는 평소 사이즈 31 실측이 없어 34를 골랐어요');
  });

  it('the model when no size was given, the given one when the model has none', () => {
    expect(chooseGivenSize(null, { recommended_size: 'L', sizes: [] })).toEqual({ size: 'L', note: null });
    expect(chooseGivenSize('L', null)).toEqual({ size: 'L', note: null });
    expect(chooseGivenSize('L', { recommended_size: null, sizes: [] })).toEqual({ size: 'L', note: null });
  });

  it('a pick in another size than given carries that reason', () => {
    const shop: CurationCandidate[] = [
      {
        id: 1,
        product_type: 'TOP',
        category_code: 'top_shirt',
        name: '옥스포드 셔츠',
        style_tags: ['미니멀'],
        color_name: '화이트',
        price: 50_000,
        size: '34',
        size_note: '평소 32를 입으시지만 이 상품의 32는 실측이 작게 나와 34를 골랐어요',
        sizes_in_stock: ['34'],
        popularity: 0.5,
      },
      {
        id: 2,
        product_type: 'BOTTOM',
        category_code: 'bottom_slacks',
        name: '울 슬랙스',
        style_tags: ['미니멀'],
        color_name: '차콜',
        price: 50_000,
        size: '32',
        sizes_in_stock: ['32'],
        popularity: 0.5,
      },
    ];
    const member: CurationProfile = {
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
    };
    const [outfit] = composeOutfits(shop, member, { at: JULY, count: 1 });
    expect(outfit?.picks[0]?.reasons).toContain(
      '평소 32를 입으시지만 이 상품의 32는 실측이 작게 나와 34를 골랐어요.',
    );
    expect(outfit?.picks[1]?.reasons).toContain('32 사이즈로 골랐어요.');
  });
});

describe('how a size sits, in words (fitNote)', () => {
  const rec = (ease: number | null) => ({
    sizes: [{ size_name: 'L', is_sold_out: false, ease, fits: 0.6, small: 0.2, large: 0.2 }],
  });
  it('room, a close fit, or the nearest size', () => {
    expect(fitNote('L', rec(10.4), 175, 72, 'chest')).toBe('키 175·몸무게 72 체형에 L이 가슴 여유 10cm예요');
    expect(fitNote('L', rec(-1.2), 175, 72, 'waist')).toBe('키 175·몸무게 72 체형에 L이 허리에 꼭 맞아요');
    expect(fitNote('L', rec(-4), 175, 72, 'waist')).toBe(
      '키 175·몸무게 72 체형에 L이 허리는 4cm 작지만 가장 가까운 사이즈예요',
    );
    expect(fitNote('L', rec(-3), 175, 72, 'chest')).toBe(
      '키 175·몸무게 72 체형에 L이 가슴은 3cm 작지만 가장 가까운 사이즈예요',
    );
    expect(fitNote('L', rec(null), 175, 72, 'chest')).toBeNull();
    expect(fitNote('XL', rec(5), 175, 72, 'chest')).toBeNull();
  });
});
