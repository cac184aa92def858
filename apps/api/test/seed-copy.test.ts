/** The seed's text rules (seed/copy.ts) and the vocabulary they read (seed/data.ts). */
import { NEUTRAL_COLOR_KEYS, COLORS as SHOP_COLORS } from '@codiroom/shared';
import { describe, expect, it } from 'vitest';
import {
  benefitWords,
  brandAllows,
  CODI_OCCASIONS,
  codiOccasionOf,
  discountRate,
  fibreMismatches,
  kstTimeLabel,
  paragraphFitsHeading,
  pickComposition,
  pickSeason,
  seasonsClash,
  seasonsFor,
  withEul,
  withWa,
} from '../seed/copy.ts';
import {
  BRANDS,
  CATEGORIES,
  COLORS,
  NEUTRAL_COLORS,
  POST_SECTION_TEXT,
  POSTS,
  STYLES,
} from '../seed/data.ts';
import { productName } from '../src/demo/seed.ts';

describe('name ⇔ material ⇔ season', () => {
  it('a fibre in the name must be in the material', () => {
    expect(fibreMismatches('울 슬랙스', '폴리에스터 70%, 레이온 25%, 폴리우레탄 5%')).toHaveLength(1);
    expect(fibreMismatches('울 슬랙스', '울 70%, 폴리에스터 30%')).toEqual([]);
    expect(fibreMismatches('스트레치 카고 팬츠', '면 100%')).toHaveLength(1);
    expect(fibreMismatches('캐시미어 100% 머플러', '울 70%, 캐시미어 30%')).toHaveLength(1);
    expect(fibreMismatches('폴리 셔츠', '면 100%')).toHaveLength(1);
    // 버튼다운 is a collar, not a filling.
    expect(fibreMismatches('버튼다운 셔츠', '면 100%')).toEqual([]);
  });

  it('picks only agreeing compositions and seasons', () => {
    const slacks = ['폴리에스터 70%, 레이온 25%, 폴리우레탄 5%', '울 100%'];
    for (const u of [0, 0.5, 0.99]) expect(pickComposition('울 슬랙스', slacks, u)).toBe('울 100%');
    expect(() => pickComposition('린넨 셔츠', ['면 100%'], 0)).toThrow(/no composition/);
    expect(seasonsFor('기모 맨투맨 면 100%')).toEqual(['FW', '간절기']);
    expect(seasonsFor('린넨 셔츠')).toEqual(['SS']);
    expect(seasonsFor('옥스포드 셔츠')).toBeNull();
    expect(pickSeason('기모 치노 팬츠', ['사계절'], 0.3)).toBe('FW');
    expect(pickSeason('기모 슬랙스', ['사계절', 'FW', 'SS'], 0.99)).toBe('FW');
    expect(pickSeason('린넨 블렌드 블레이저', ['사계절', 'SS', 'FW'], 0)).toBe('SS');
  });

  it('every name the catalogue can make has an agreeing composition (all categories × items × fits × materials)', () => {
    let names = 0;
    for (const cat of CATEGORIES) {
      for (const item of cat.items) {
        for (const fit of [null, ...cat.fits]) {
          for (const material of [null, ...cat.materials]) {
            const name = productName(item, fit, material);
            const composition = pickComposition(name, cat.compositions, 0.5);
            expect(fibreMismatches(name, composition), `${cat.code}: ${name}`).toEqual([]);
            const season = pickSeason(`${name} ${composition}`, cat.seasons, 0.5);
            const allowed = seasonsFor(`${name} ${composition}`);
            if (allowed) expect(allowed, name).toContain(season);
            names++;
          }
        }
      }
    }
    expect(names).toBeGreaterThan(1000);
  });
});

describe('outfits', () => {
  it('pair colours by the shared vocabulary (one definition of colours and neutral colours)', () => {
    expect(COLORS).toBe(SHOP_COLORS);
    expect(NEUTRAL_COLORS).toBe(NEUTRAL_COLOR_KEYS);
  });
  it('reads the occasion from the title', () => {
    expect(codiOccasionOf('네이비 블레이저와 차콜 슬랙스, 하객룩')).toBe('하객룩');
    expect(codiOccasionOf('네이비 블레이저와 차콜 슬랙스, 가을 코디')).toBeNull();
    expect(seasonsClash(['SS', '사계절', 'FW'])).toBe(true);
    expect(seasonsClash(['간절기', 'FW', '사계절'])).toBe(false);
  });

  it('a 하객룩 has no padding, jogger, hoodie or sneakers', () => {
    const all = Object.values(CODI_OCCASIONS.하객룩).flat() as string[];
    for (const code of ['outer_padding', 'bottom_jogger', 'top_hoodie', 'shoes_sneakers', 'bottom_denim'])
      expect(all).not.toContain(code);
  });

  it('every style names an occasion whose categories hold what it needs', () => {
    for (const style of STYLES) {
      const allowed = Object.values(CODI_OCCASIONS[style.occasion]).flat() as string[];
      for (const need of style.needs ?? [])
        expect(need.codes?.some((c) => allowed.includes(c)) ?? true, style.name).toBe(true);
    }
  });
});

describe('campaign words', () => {
  it('names an instant in KST, midnight as the end of the day before', () => {
    expect(kstTimeLabel(new Date('2026-11-01T14:00:00+09:00'))).toBe('11월 1일 오후 2시');
    expect(kstTimeLabel(new Date('2026-11-02T04:54:00+09:00'))).toBe('11월 2일 오전 4시 54분');
    expect(kstTimeLabel(new Date('2026-11-02T00:00:00+09:00'))).toBe('11월 1일 밤 12시');
    expect(kstTimeLabel(new Date('2026-11-02T12:00:00+09:00'))).toBe('11월 2일 오후 12시');
  });

  it('states a benefit and a rate', () => {
    expect(benefitWords('FIXED', 5000)).toBe('5,000원');
    expect(benefitWords('PERCENT', 7)).toBe('7%');
    expect(discountRate(10_000, 7_000)).toBe(30);
    expect(discountRate(29_900, 19_900)).toBe(33);
  });

  it('puts the right particle after a word', () => {
    expect(withEul('40대 캐주얼')).toBe('40대 캐주얼을');
    expect(withEul('코트')).toBe('코트를');
    expect(withWa('네이비 블레이저')).toBe('네이비 블레이저와');
    expect(withWa('차콜 슬랙스')).toBe('차콜 슬랙스와');
    expect(withWa('블루종')).toBe('블루종과');
  });
});

describe('magazine and brands', () => {
  it('every heading has its own paragraph, about it', () => {
    for (const post of POSTS) {
      for (const heading of post.sections) {
        const text = POST_SECTION_TEXT[heading];
        expect(text, heading).toBeTruthy();
        expect(paragraphFitsHeading(heading, text ?? ''), heading).toBe(true);
      }
    }
    expect(paragraphFitsHeading('기장과 밑단 수선 팁', '세탁과 보관도 스타일의 일부입니다.')).toBe(false);
  });

  it('a brand that names what it makes makes only that', () => {
    expect(brandAllows('바지 핏 하나에 집중하는 팬츠 전문 브랜드.')?.('top_shirt')).toBe(false);
    expect(brandAllows('매일 입는 출근복을 더 편하게.')).toBeNull();
    for (const b of BRANDS) {
      const allows = brandAllows(b.description);
      if (!allows) continue;
      const makes = b.only ?? CATEGORIES.filter((c) => b.mains.includes(c.main)).map((c) => c.code);
      expect(
        makes.filter((c) => !allows(c)),
        b.name,
      ).toEqual([]);
    }
  });
});
