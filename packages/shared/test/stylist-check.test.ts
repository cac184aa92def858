import { describe, expect, it } from 'vitest';
import { inventedFacts, type StylistFacts } from '../src/stylist-check.ts';

const facts: StylistFacts = {
  pieces: [
    {
      name: '램스울 니트',
      brand_name: '그레이스톤 아틀리에',
      color_name: '그레이',
      size: 'L',
      price: 89_000,
      material: '울 70% 나일론 30%',
      fit: '레귤러핏',
    },
    {
      name: '울 테이퍼드 슬랙스',
      brand_name: '스틸크래프트',
      color_name: '네이비',
      size: '32',
      price: 69_000,
      material: '울 블렌드',
      fit: '슬림핏',
    },
  ],
  total: 158_000,
  budget_max: 200_000,
  height: 175,
  weight: 72,
  shop_brands: ['그레이스톤 아틀리에', '스틸크래프트', '브라운스퀘어', '그레이스톤'],
};

describe('a stylist note is checked against the outfit (inventedFacts)', () => {
  it('passes a note that names only the outfit', () => {
    const note =
      '그레이스톤 아틀리에의 그레이 니트에 네이비 슬랙스를 맞춘 출근룩이에요. 울 소재라 겨울 사무실에도 어울리고, 175·72 체형에 L과 32로 골랐어요. 한 벌 158,000원으로 예산 20만원 안이에요.';
    expect(inventedFacts(note, facts)).toEqual([]);
  });

  it('catches invented colours, items, brands, sizes, prices and claims', () => {
    expect(inventedFacts('버건디 니트로 포인트를 줬어요.', facts)).toEqual(['버건디']);
    expect(inventedFacts('블랙 로퍼를 더하면 좋아요.', facts)).toEqual(['블랙', '로퍼를']);
    expect(inventedFacts('브라운스퀘어 니트예요.', facts)).toEqual(['브라운스퀘어']);
    expect(inventedFacts('XL로 넉넉하게 골랐어요.', facts)).toEqual(['XL로']);
    expect(inventedFacts('한 벌 99,000원이에요.', facts)).toEqual(['99,000원이에요']);
    expect(inventedFacts('캐시미어 니트라 부드러워요.', facts)).toEqual(['캐시미어']);
    expect(inventedFacts('오버핏 니트예요.', facts)).toEqual(['오버핏']);
    expect(inventedFacts('가슴 여유 12cm예요.', facts)).toEqual(['12cm예요']);
  });

  it('catches what the first check let through: colours that end like particles, native colour words, other brands', () => {
    const navyOnly = { ...facts, pieces: facts.pieces.map((p) => ({ ...p, color_name: '네이비' })) };
    expect(inventedFacts('그레이 니트예요.', navyOnly)).toEqual(['그레이']);
    expect(inventedFacts('코듀로이 슬랙스예요.', facts)).toEqual(['코듀로이']);
    expect(inventedFacts('검정 니트예요.', facts)).toEqual(['검정']);
    expect(inventedFacts('남색 슬랙스예요.', facts)).toEqual([]);
    expect(inventedFacts('나이키 운동화를 더해도 좋아요.', facts)).toEqual(['나이키', '운동화를']);
    expect(inventedFacts('UNIQLO 니트예요.', facts)).toEqual(['UNIQLO']);
    expect(inventedFacts('10만원대 코디예요.', facts)).toEqual(['10만원대']);
    expect(inventedFacts('30% 할인이에요.', facts)).toEqual(['30%']);
  });

  it('takes a garment by another of its names', () => {
    expect(inventedFacts('니트에 바지를 맞췄어요. 스웨터처럼 포근해요.', facts)).toEqual([]);
    expect(inventedFacts('재킷을 걸쳐요.', facts)).toEqual(['재킷을']);
  });

  it('does not mistake words inside other words', () => {
    // 울 in 어울리는 and 겨울, 그레이 inside a brand name.
    expect(inventedFacts('겨울에 잘 어울리는 코디예요.', facts)).toEqual([]);
    expect(inventedFacts('그레이스톤 아틀리에 니트예요.', facts)).toEqual([]);
  });
});
