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
  '넥타이',
  '타이',
  '모자',
  '캡',
  '비니',
  '시계',
  '양말',
  '스카프',
  '장갑',
  '선글라스',
  '트라우저',
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
const SIZE_RE = /^(?:XXS|XS|S|M|L|XL|XXL|XXXL|[2-4]XL|FREE)$/i;

/** Colours said the native way, and the shop's colours each may mean. */
const NATIVE_COLORS: Record<string, readonly string[]> = {
  검정: ['블랙'],
  검정색: ['블랙'],
  검은: ['블랙'],
  남색: ['네이비'],
  회색: ['그레이', '차콜', '멜란지그레이', '라이트그레이'],
  흰색: ['화이트', '아이보리'],
  하얀: ['화이트', '아이보리'],
  갈색: ['브라운', '다크브라운', '카멜'],
  밤색: ['브라운', '다크브라운'],
  빨간: ['레드', '버건디', '와인'],
  빨강: ['레드', '버건디', '와인'],
  파란: ['블루', '스카이블루', '라이트블루'],
  파랑: ['블루', '스카이블루', '라이트블루'],
  하늘색: ['스카이블루', '라이트블루'],
  초록: ['그린', '포레스트그린', '카키', '올리브'],
  초록색: ['그린', '포레스트그린', '카키', '올리브'],
  노란: ['머스타드', '골드'],
  노랑: ['머스타드', '골드'],
  분홍: ['핑크'],
  보라: ['라벤더'],
};
/** Brands the shop does not sell that a model knows (the shop's own are checked by name). */
const OTHER_BRANDS = [
  '나이키',
  '아디다스',
  '유니클로',
  '자라',
  '무신사',
  '스파오',
  '탑텐',
  '지오다노',
  '폴로',
  '랄프로렌',
  '리바이스',
  '뉴발란스',
  '컨버스',
  '반스',
  '닥터마틴',
  '라코스테',
  '타미힐피거',
  '캘빈클라인',
  '노스페이스',
  '파타고니아',
  '구찌',
  '프라다',
  '버버리',
  '톰브라운',
  '아미',
  '띠어리',
  '빈폴',
  '헤지스',
  '닥스',
  '코스',
];
/** Words for one kind of garment: naming any of them is naming a piece of that kind. */
const ITEM_GROUPS: readonly (readonly string[])[] = [
  ['슬랙스', '팬츠', '바지', '치노', '데님', '청바지', '조거', '트라우저'],
  ['자켓', '재킷', '블레이저'],
  ['티', '티셔츠'],
  ['가디건', '카디건'],
  ['후드', '후디'],
  ['스웨트셔츠', '맨투맨'],
  ['니트', '스웨터'],
  ['베스트', '조끼'],
  ['스니커즈', '운동화'],
  ['로퍼', '구두', '더비'],
  ['패딩', '점퍼', '다운'],
];

/**
 * A word and the forms it takes without the particles and endings it may carry ("슬랙스에" →
 * "슬랙스"), the whole word first: 그레이 or 코듀로이 end like a particle and are words of their own.
 */
function forms(word: string): string[] {
  const out = [word];
  let w = word;
  for (let i = 0; i < 2; i++) {
    const e = ENDINGS.find((x) => w.length > x.length && w.endsWith(x));
    if (!e) break;
    w = w.slice(0, -e.length);
    out.push(w);
  }
  return out;
}
const KNOWN = new Set([
  ...Object.values(COLORS).map((c) => c.name),
  ...Object.keys(NATIVE_COLORS),
  ...OTHER_BRANDS,
]);
/** The word as the check reads it: the first form that is a word it knows, else the barest. */
function bare(word: string, known: (w: string) => boolean): string {
  const all = forms(word);
  return all.find(known) ?? (all.at(-1) as string);
}

/** Money a word says ("131,200원", "20만원", "10만원대", "99,000원짜리"), else null. */
function moneyOf(word: string): number | null {
  const man = /^(\d+(?:\.\d+)?)만(?:\s*원)?(?:대|짜리|선|이내|정도)?/.exec(word);
  if (man) return Math.round(Number(man[1]) * 10_000);
  const won = /^([\d,]+)원(?:대|짜리|선|이내|정도)?/.exec(word);
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
  const inOutfit = (word: string) => {
    if (wornWords.has(word) || wearing.includes(word)) return true;
    const group = ITEM_GROUPS.find((g) => g.includes(word));
    return !!group && group.some((g) => wornWords.has(g) || wearing.includes(g));
  };
  const vocabulary = (w: string) =>
    KNOWN.has(w) || ITEM_WORDS.includes(w) || CLAIM_WORDS.includes(w) || SIZE_RE.test(w);
  // Brands first, on the whole text (names of several words, and words inside them), any case.
  let rest = text;
  const lower = (v: string) => v.toLowerCase();
  for (const brand of [...f.shop_brands].sort((a, b) => b.length - a.length)) {
    if (!brand || !lower(rest).includes(lower(brand))) continue;
    if (!f.pieces.some((p) => lower(p.brand_name) === lower(brand))) out.push(brand);
    rest = rest.replace(new RegExp(brand.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), ' ');
  }
  // A Latin word is a brand or a model name unless it is a size: the notes are Korean.
  for (const latin of rest.match(/[A-Za-z][A-Za-z&'-]{1,}/g) ?? [])
    if (!SIZE_RE.test(latin) && !/^(?:cm|mm|kg)$/i.test(latin)) out.push(latin);
  // "20만 원" as one word.
  rest = rest.replace(/(\d)\s+(만?\s*원)/g, '$1$2').replace(/만\s+원/g, '만원');
  // Commas inside numbers stay ("158,000원").
  for (const raw of rest.split(/[\s.!?~·…"“”‘’()[\]:;/]+|,(?!\d)/)) {
    if (!raw) continue;
    const money = moneyOf(raw);
    if (money !== null) {
      if (!prices.has(money)) out.push(raw);
      continue;
    }
    const w = bare(raw, vocabulary);
    const num = /^(\d+(?:\.\d+)?)(cm|kg|mm|%)?$/i.exec(w);
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
    const native = NATIVE_COLORS[w];
    if (native) {
      if (!native.some((c) => colours.has(c))) out.push(raw);
      continue;
    }
    if (OTHER_BRANDS.includes(w)) {
      out.push(raw);
      continue;
    }
    if (ITEM_WORDS.includes(w) || CLAIM_WORDS.includes(w)) {
      if (!inOutfit(w)) out.push(raw);
    }
  }
  return out;
}
