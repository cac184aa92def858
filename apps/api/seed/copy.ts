/**
 * The seed's text rules: every sentence the seed writes derives from the facts the rows hold, and
 * the same tables let seed-consistency.test.ts check the rows (docs/ARCHITECTURE.md, "Data").
 * Pure functions and tables only (no draws, no database).
 */
import { kstParts, withJosa } from '@codiroom/shared';

// ───────────────────────────── product name ⇔ material ⇔ season ─────────────────────────────

/**
 * A word in a product's name and what its material (composition) must then mention: "울 슬랙스"
 * is made of wool, "폴리" means polyester, "스트레치" needs an elastic fibre, "구스다운" a goose
 * down filling.
 */
export const FIBRE_RULES: readonly { word: RegExp; material: RegExp; says: string }[] = [
  { word: /울|헤링본|멜톤|트로피컬/, material: /울/, says: 'wool' },
  { word: /캐시미어/, material: /캐시미어/, says: 'cashmere' },
  { word: /알파카/, material: /알파카/, says: 'alpaca' },
  { word: /린넨/, material: /린넨/, says: 'linen' },
  { word: /실크/, material: /실크/, says: 'silk' },
  { word: /텐셀/, material: /텐셀/, says: 'tencel' },
  { word: /폴리|플리스|쿨맥스/, material: /폴리에스터/, says: 'polyester' },
  { word: /나일론|코듀라/, material: /나일론/, says: 'nylon' },
  { word: /쿨링|흡습속건/, material: /폴리에스터|나일론/, says: 'a synthetic' },
  {
    word: /코튼|면바지|치노|데님|코듀로이|옥스포드 셔츠|피케|실켓|수피마|테리|캔버스|개버딘/,
    material: /면/,
    says: 'cotton',
  },
  { word: /스트레치|스판/, material: /폴리우레탄|스판덱스/, says: 'an elastic fibre' },
  { word: /레더|가죽|카프|사피아노|스코치그레인/, material: /가죽/, says: 'leather' },
  { word: /스웨이드/, material: /스웨이드/, says: 'suede' },
  { word: /구스다운/, material: /구스다운/, says: 'goose down' },
  { word: /덕다운/, material: /덕다운/, says: 'duck down' },
  { word: /(?<!버튼)다운/, material: /다운/, says: 'down' },
  { word: /웰론/, material: /웰론/, says: 'a synthetic filling' },
  { word: /패딩/, material: /충전재/, says: 'a filling' },
  { word: /티타늄/, material: /티타늄/, says: 'titanium' },
  { word: /뿔테|아세테이트/, material: /아세테이트/, says: 'acetate' },
  { word: /메탈/, material: /티타늄|스테인리스/, says: 'metal' },
];

/** The rules a name and a material break (empty when they agree). */
export function fibreMismatches(name: string, material: string): string[] {
  const out = FIBRE_RULES.filter((r) => r.word.test(name) && !r.material.test(material)).map(
    (r) => `${r.word.source} ⇒ ${r.says}`,
  );
  // "캐시미어 100% 머플러" is all cashmere.
  for (const m of name.matchAll(/[가-힣]+ 100%/g)) if (!material.includes(m[0])) out.push(`${m[0]} ⇒ pure`);
  return out;
}

/** Words that make a product a cold-weather one, and ones that make it a summer one. */
export const WARM_RE =
  /기모|패딩|(?<!버튼)다운|웰론|캐시미어|램스울|알파카|플란넬|코듀로이|멜톤|플리스|부츠|머플러/;
export const COOL_RE = /린넨|쿨링|쿨맥스|반팔|쇼츠|반바지|트로피컬|썬캡/;

/** Seasons a product with this name and material may be sold for ('SS', 'FW', '간절기', '사계절'). */
export function seasonsFor(text: string): readonly string[] | null {
  const warm = WARM_RE.test(text);
  const cool = COOL_RE.test(text);
  if (warm && !cool) return ['FW', '간절기'];
  if (cool && !warm) return ['SS'];
  return null;
}

/**
 * The season a product is sold for: one draw `u` in [0, 1) over the category's seasons that suit
 * its name and material (when none does, the first that `seasonsFor` allows).
 */
export function pickSeason(text: string, seasons: readonly string[], u: number): string {
  const allowed = seasonsFor(text);
  const pool = allowed ? seasons.filter((s) => allowed.includes(s)) : seasons;
  const from = pool.length > 0 ? pool : (allowed ?? seasons);
  return from[Math.floor(u * from.length)] as string;
}

/** One draw `u` over the compositions that agree with the name (none agreeing is a data bug). */
export function pickComposition(name: string, compositions: readonly string[], u: number): string {
  const pool = compositions.filter((c) => fibreMismatches(name, c).length === 0);
  if (pool.length === 0) throw new Error(`seed: no composition agrees with "${name}"`);
  return pool[Math.floor(u * pool.length)] as string;
}

/** Delicate materials (dry cleaning, no "easy care" claim). */
export const DELICATE_RE = /울|캐시미어|실크|알파카|가죽|스웨이드|구스다운|덕다운/;

// ───────────────────────────── outfits (codi sets) ─────────────────────────────

export type CodiSlot = 'outer' | 'top' | 'bottom' | 'shoes';

/**
 * The occasion an outfit's name gives, and the categories its pieces may come from. A 하객룩
 * has no padding, no jogger and no sneakers; a 운동룩 is made of sportswear.
 */
export const CODI_OCCASIONS = {
  출근룩: {
    outer: [
      'outer_blazer',
      'outer_coat',
      'outer_trench',
      'outer_cardigan',
      'outer_padding',
      'outer_vest',
      'outer_jacket',
    ],
    top: ['top_shirt', 'top_knit', 'top_polo', 'top_longsleeve'],
    bottom: ['bottom_slacks', 'bottom_chino'],
    shoes: ['shoes_derby', 'shoes_loafer', 'shoes_sneakers', 'shoes_boots'],
  },
  미팅룩: {
    outer: ['outer_blazer', 'outer_coat', 'outer_trench'],
    top: ['top_shirt', 'top_knit'],
    bottom: ['bottom_slacks'],
    shoes: ['shoes_derby', 'shoes_loafer'],
  },
  하객룩: {
    outer: ['outer_blazer', 'outer_coat', 'outer_trench'],
    top: ['top_shirt', 'top_knit'],
    bottom: ['bottom_slacks'],
    shoes: ['shoes_derby', 'shoes_loafer'],
  },
  모임룩: {
    outer: ['outer_blazer', 'outer_coat', 'outer_trench', 'outer_cardigan'],
    top: ['top_shirt', 'top_knit', 'top_polo'],
    bottom: ['bottom_slacks', 'bottom_chino'],
    shoes: ['shoes_derby', 'shoes_loafer'],
  },
  데이트룩: {
    outer: ['outer_blazer', 'outer_coat', 'outer_trench', 'outer_cardigan', 'outer_jacket'],
    top: ['top_shirt', 'top_knit', 'top_polo', 'top_longsleeve', 'top_tshirt'],
    bottom: ['bottom_slacks', 'bottom_chino', 'bottom_denim'],
    shoes: ['shoes_loafer', 'shoes_sneakers', 'shoes_boots', 'shoes_derby'],
  },
  '금요일 캐주얼': {
    outer: ['outer_blazer', 'outer_cardigan', 'outer_jacket', 'outer_trench'],
    top: ['top_shirt', 'top_knit', 'top_polo', 'top_longsleeve', 'top_sweatshirt'],
    bottom: ['bottom_chino', 'bottom_slacks', 'bottom_denim'],
    shoes: ['shoes_loafer', 'shoes_sneakers'],
  },
  데일리룩: {
    outer: [
      'outer_blazer',
      'outer_coat',
      'outer_trench',
      'outer_cardigan',
      'outer_jacket',
      'outer_padding',
      'outer_vest',
    ],
    top: [
      'top_shirt',
      'top_knit',
      'top_polo',
      'top_longsleeve',
      'top_tshirt',
      'top_sweatshirt',
      'top_hoodie',
    ],
    bottom: ['bottom_slacks', 'bottom_chino', 'bottom_denim', 'bottom_jogger'],
    shoes: ['shoes_sneakers', 'shoes_loafer', 'shoes_boots', 'shoes_derby'],
  },
  주말룩: {
    outer: [
      'outer_jacket',
      'outer_padding',
      'outer_cardigan',
      'outer_vest',
      'outer_trench',
      'outer_coat',
      'sports_outer',
    ],
    top: [
      'top_tshirt',
      'top_longsleeve',
      'top_sweatshirt',
      'top_hoodie',
      'top_knit',
      'top_polo',
      'top_shirt',
    ],
    bottom: ['bottom_chino', 'bottom_denim', 'bottom_jogger'],
    shoes: ['shoes_sneakers', 'shoes_boots', 'shoes_loafer'],
  },
  운동룩: {
    outer: ['sports_outer', 'outer_vest', 'outer_jacket'],
    top: ['sports_top'],
    bottom: ['sports_bottom'],
    shoes: ['sports_shoes', 'shoes_sneakers'],
  },
} as const satisfies Record<string, Record<CodiSlot, readonly string[]>>;
export type CodiOccasion = keyof typeof CODI_OCCASIONS;
export const CODI_OCCASION_NAMES = Object.keys(CODI_OCCASIONS) as CodiOccasion[];

/** The occasion word that ends an outfit's title ("…, 하객룩"), or null. */
export function codiOccasionOf(title: string): CodiOccasion | null {
  return CODI_OCCASION_NAMES.find((o) => title.endsWith(`, ${o}`)) ?? null;
}

/** An outfit's pieces agree on the season: no summer-only piece with a winter-only one. */
export function seasonsClash(seasons: readonly string[]): boolean {
  return seasons.includes('SS') && seasons.includes('FW');
}

// ───────────────────────────── time words (KST) ─────────────────────────────

/** "11월 1일 오후 2시", "11월 2일 오전 4시 54분", "11월 2일 밤 12시" (midnight ends the day before). */
export function kstTimeLabel(at: Date): string {
  const { month, day, hour, minute } = kstParts(at);
  if (hour === 0 && minute === 0) {
    const prev = kstParts(new Date(at.getTime() - 60_000));
    return `${prev.month}월 ${prev.day}일 밤 12시`;
  }
  const half = hour < 12 ? '오전' : '오후';
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${month}월 ${day}일 ${half} ${h12}시${minute ? ` ${minute}분` : ''}`;
}

/** Time words that go stale once the row is written: a banner names the instant itself. */
export const RELATIVE_TIME_RE = /오늘|내일|모레|자정|매일 밤|이번 주/;

// ───────────────────────────── money words ─────────────────────────────

/** "5,000원" for a fixed amount, "7%" for a rate. */
export function benefitWords(kind: 'FIXED' | 'PERCENT', value: number): string {
  return kind === 'PERCENT' ? `${value}%` : `${value.toLocaleString('ko-KR')}원`;
}

/** Discount rate in whole percent, rounded down like the cards show it. */
export function discountRate(price: number, priceDiscount: number): number {
  return price > 0 ? Math.floor(((price - priceDiscount) * 100) / price) : 0;
}

// ───────────────────────────── Korean particles ─────────────────────────────

/** true when the last syllable of a Korean word has a final consonant (받침). */
export function hasBatchim(word: string): boolean {
  const code = word.charCodeAt(word.length - 1);
  if (code < 0xac00 || code > 0xd7a3) return false;
  return (code - 0xac00) % 28 !== 0;
}
/** The shop's one particle rule (packages/shared josa.ts, on es-hangul). */
export const withWa = (word: string) => withJosa(word, '와/과');
export const withEul = (word: string) => withJosa(word, '을/를');

// ───────────────────────────── reviews ─────────────────────────────

/** Praise no review of 1–2 stars says, and complaints no review of 4–5 stars says. */
export const PRAISE_RE = /최고|만족|재구매|훌륭|추천합니다|좋아요|좋네요|좋습니다|예뻐요|고급스러워/;
export const COMPLAINT_RE = /아쉬|별로|실망|반품|엉망|후회|불편|늦었|어둡|줄어든/;

/** What a review says about the size, by the size feel it records. */
export const SIZE_WORDS: Record<'SMALL' | 'FIT' | 'LARGE', RegExp> = {
  SMALL: /작게 나왔|작은 편|끼는|끼어요|크게 주문|한 치수 크게/,
  FIT: /정사이즈|딱 맞/,
  LARGE: /크게 나왔|큰 편|한 치수 작게|여유 있게 맞/,
};

// ───────────────────────────── magazine ─────────────────────────────

const PARTICLE_RE = /(은|는|이|가|을|를|의|에|에서|으로|로|와|과|도|만|엔|이나|나)$/;

/** The words of a heading a paragraph under it should share (particles stripped, 2+ letters). */
export function headingWords(heading: string): string[] {
  return heading
    .split(/[\s:·,!?]+/)
    .map((w) => w.replace(PARTICLE_RE, ''))
    .filter((w) => w.length >= 2);
}

/** A paragraph is about its heading when it uses one of the heading's words (or its stem). */
export function paragraphFitsHeading(heading: string, paragraph: string): boolean {
  return headingWords(heading).some((w) => paragraph.includes(w) || paragraph.includes(w.slice(0, 2)));
}

// ───────────────────────────── brands ─────────────────────────────

/**
 * Product words in a brand's description and the categories they name: a brand whose description
 * names what it makes ("셔츠와 슬랙스", "가죽 소품", "팬츠 전문") makes only those.
 */
export const BRAND_NOUNS: readonly { word: RegExp; codes: RegExp }[] = [
  { word: /셔츠/, codes: /^top_shirt$/ },
  { word: /슬랙스/, codes: /^bottom_slacks$/ },
  { word: /팬츠|바지/, codes: /^bottom_/ },
  { word: /티셔츠/, codes: /^top_(tshirt|longsleeve)$/ },
  { word: /니트/, codes: /^top_knit$/ },
  { word: /가디건/, codes: /^outer_cardigan$/ },
  { word: /코트/, codes: /^outer_(coat|trench)$/ },
  { word: /재킷|자켓|수트/, codes: /^(outer_blazer|bottom_slacks)$/ },
  { word: /머플러/, codes: /^acc_muffler$/ },
  { word: /넥타이/, codes: /^acc_necktie$/ },
  { word: /가방|백\b|백\./, codes: /^bag_/ },
  { word: /가죽|레더/, codes: /^(shoes_(derby|loafer|boots)|bag_(briefcase|tote)|acc_(belt|wallet))$/ },
  { word: /구두/, codes: /^shoes_(derby|loafer|boots)$/ },
  { word: /스니커즈/, codes: /^(shoes_sneakers|sports_shoes)$/ },
  { word: /컴포트 슈즈/, codes: /^shoes_(derby|loafer|sneakers)$/ },
  { word: /아이웨어/, codes: /^acc_eyewear$/ },
  { word: /볼캡|캡/, codes: /^(acc_cap|sports_hat)$/ },
  { word: /양말/, codes: /^acc_socks$/ },
  { word: /이너웨어/, codes: /^top_(tshirt|longsleeve)$/ },
  { word: /골프웨어|러닝웨어|퍼포먼스 웨어/, codes: /^sports_/ },
  { word: /아웃도어 기어|테크니컬 웨어/, codes: /^(outer_(jacket|vest|padding)|sports_|bag_backpack)/ },
  { word: /러닝화/, codes: /^(sports_shoes|shoes_sneakers)$/ },
  { word: /벨트/, codes: /^acc_belt$/ },
  { word: /지갑/, codes: /^acc_wallet$/ },
  { word: /아우터/, codes: /^(outer_|sports_outer)/ },
];

/** The category codes a description allows (null when it names no product). */
export function brandAllows(description: string): ((code: string) => boolean) | null {
  const named = BRAND_NOUNS.filter((n) => n.word.test(description));
  if (named.length === 0) return null;
  return (code) => named.some((n) => n.codes.test(code));
}
