/**
 * The check a language model's stylist note passes before a member reads it (docs/ARCHITECTURE.md,
 * "Curation engine"): every product kind, brand, colour, size, price and number it names, and every
 * material or fit it claims, must be among the outfit's facts. Anything else is an invented fact and
 * the note is not shown (the template's is). Conservative by design: a word the check cannot place
 * is allowed only when it is not one of the kinds of fact above.
 */
import { COLORS } from './vocabulary.ts';

/** One piece of the outfit, as the model was told it. */
export type StylistPiece = {
  name: string;
  brand_name: string;
  color_name: string;
  size: string | null;
  price: number;
  material?: string | null;
  fit?: string | null;
};

/** What the model may speak of: the outfit, its total, the member's budget and body, the shop's brands. */
export type StylistFacts = {
  pieces: readonly StylistPiece[];
  total: number;
  budget_max: number | null;
  height?: number | null;
  weight?: number | null;
  /** Every brand the shop sells (a brand not in the outfit is an invented fact). */
  shop_brands: readonly string[];
};

const COLOR_NAMES: readonly string[] = Object.values(COLORS).map((c) => c.name);
/** Garment words a note may name only when a piece is one. */
const ITEM_WORDS = [
  '셔츠',
  '티',
  '티셔츠',
  '니트',
  '스웨터',
  '맨투맨',
  '스웨트셔츠',
  '후드',
  '후디',
  '폴로',
  '슬랙스',
  '팬츠',
  '바지',
  '치노',
  '데님',
  '청바지',
  '조거',
  '쇼츠',
  '반바지',
  '자켓',
  '재킷',
  '블레이저',
  '코트',
  '패딩',
  '점퍼',
  '가디건',
  '카디건',
  '베스트',
  '조끼',
  '야상',
  '트렌치',
  '로퍼',
  '스니커즈',
  '운동화',
  '부츠',
  '더비',
  '구두',
  '샌들',
  '슬립온',
  '토트백',
  '백팩',
  '크로스백',
  '가방',
  '벨트',
  '머플러',
];
/** Materials and cuts a note may claim only when the outfit's data holds them. */
const CLAIM_WORDS = [
  '울',
  '캐시미어',
  '린넨',
  '리넨',
  '코튼',
  '면',
  '실크',
  '가죽',
  '레더',
  '스웨이드',
  '나일론',
  '폴리',
  '기모',
  '다운',
  '구스',
  '플리스',
  '코듀로이',
  '트위드',
  '옥스포드',
  '슬림핏',
  '레귤러핏',
  '오버핏',
  '세미오버핏',
  '와이드핏',
  '와이드',
  '테이퍼드',
  '스트레이트',
  '스키니',
  '방수',
  '발수',
  '신축성',
  '스트레치',
];
/** Particles and endings a word may carry: stripped before a word is looked up. */
const ENDINGS = [
  '이에요',
  '예요',
  '입니다',
  '이라',
  '라서',
  '으로',
  '에서',
  '에는',
  '처럼',
  '까지',
  '부터',
  '이고',
  '하고',
  '이나',
  '와',
  '과',
  '을',
  '를',
  '이',
  '가',
  '은',
  '는',
  '의',
  '로',
  '에',
  '도',
  '만',
  '랑',
];
const SIZE_RE = /^(?:XXS|XS|S|M|L|XL|XXL|XXXL|[2-4]XL|FREE|F)$/i;

/** A word without the particles and endings it carries ("슬랙스에" → "슬랙스"). */
function bare(word: string): string {
  let w = word;
  for (let i = 0; i < 2; i++) {
    const e = ENDINGS.find((x) => w.length > x.length && w.endsWith(x));
    if (!e) break;
    w = w.slice(0, -e.length);
  }
  return w;
}

/** Numbers a note may say: prices as won ("131,200원", "20만원"), sizes, the body, centimetres. */
function moneyOf(word: string): number | null {
  const man = /^(\d+(?:\.\d+)?)만(?:\s*원)?$/.exec(word);
  if (man) return Math.round(Number(man[1]) * 10_000);
  const won = /^([\d,]+)원$/.exec(word);
  return won ? Number((won[1] as string).replaceAll(',', '')) : null;
}

/** The invented facts in `text`: each as the word that named it (empty: the note may be shown). */
export function inventedFacts(text: string, f: StylistFacts): string[] {
  const wearing = f.pieces.map((p) => `${p.name} ${p.material ?? ''} ${p.fit ?? ''}`).join(' ');
  const wornWords = new Set(wearing.split(/[\s/·,()%0-9]+/).filter(Boolean));
  const colours = new Set(f.pieces.map((p) => p.color_name));
  const sizes = new Set(f.pieces.flatMap((p) => (p.size ? [p.size.toUpperCase()] : [])));
  const prices = new Set([f.total, ...f.pieces.map((p) => p.price), ...(f.budget_max ? [f.budget_max] : [])]);
  const numbers = new Set(
    [f.height, f.weight, ...f.pieces.map((p) => p.size)]
      .filter((n) => n !== null && n !== undefined)
      .map(String),
  );
  const out: string[] = [];
  // Brands first, on the whole text (names of several words, and words inside them).
  let rest = text;
  for (const brand of [...f.shop_brands].sort((a, b) => b.length - a.length)) {
    if (!brand || !rest.includes(brand)) continue;
    if (!f.pieces.some((p) => p.brand_name === brand)) out.push(brand);
    rest = rest.replaceAll(brand, ' ');
  }
  // "20만 원" as one word.
  rest = rest.replace(/(\d)\s+(만?\s*원)/g, '$1$2').replace(/만\s+원/g, '만원');
  // Commas inside numbers stay ("158,000원").
  for (const raw of rest.split(/[\s.!?~·…"“”‘’()[\]:;/]+|,(?!\d)/)) {
    if (!raw) continue;
    const money = moneyOf(raw) ?? moneyOf(bare(raw));
    if (money !== null) {
      if (!prices.has(money)) out.push(raw);
      continue;
    }
    const w = bare(raw);
    const num = /^(\d+(?:\.\d+)?)(cm|kg|mm)?$/i.exec(w);
    if (num) {
      // Centimetres of room are the size model's (not told): only the body, sizes and outfit numbers.
      if (!numbers.has(num[1] as string) && !(Number(num[1]) <= 3 && !num[2])) out.push(raw);
      continue;
    }
    if (SIZE_RE.test(w)) {
      if (!sizes.has(w.toUpperCase())) out.push(raw);
      continue;
    }
    if (COLOR_NAMES.includes(w)) {
      if (!colours.has(w)) out.push(raw);
      continue;
    }
    if (ITEM_WORDS.includes(w) || CLAIM_WORDS.includes(w)) {
      if (!wornWords.has(w) && !wearing.includes(w)) out.push(raw);
    }
  }
  return out;
}
