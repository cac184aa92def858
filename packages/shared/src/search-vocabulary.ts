/**
 * The words of a search query that are not Korean catalogue words, and what to do with them
 * (docs/ARCHITECTURE.md, Search: "Query words"). Pure; used by analyseQuery (search-text.ts), so
 * both product engines, autocomplete and the storefront read a query the same way.
 *
 * - **English and romanised names** (`slacks`, `polo`, `seullaekseu`) of the catalogue's
 *   categories, common items, colours, materials and fits, mapped to the Korean words the
 *   catalogue uses. Whole words only (`slack`, `slacks`, `slackses` no); case does not matter;
 *   a plural `-s` / `-es` is dropped when the plural is not listed. The seed's category codes
 *   (`bottom_slacks` → 슬랙스) and colour keys are checked against this list by
 *   apps/api/test/search-vocabulary.test.ts, so it stays true to the data.
 * - **Stop words** that mean nothing in a men's shop (남자, 남성, 맨즈, mens …): removed as
 *   whole words, and glued to a catalogue word (남자니트 → 니트, 니트남자 → 니트) — only when what
 *   remains begins (or ends) with a word of this vocabulary, so 남자친구 or 남성복 stay whole. A
 *   query of stop words only is left as it is.
 * - **Junk keywords**: what the realtime keyword list never shows (raw 초성, half-typed jamo, no
 *   letters, one latin letter, mashed keys, over-long text).
 */
import { romanize } from 'es-hangul';

/** English names (whole words or phrases, lower case) → the catalogue's Korean words, best first. */
export const ENGLISH_TERMS: ReadonlyArray<readonly [english: readonly string[], korean: readonly string[]]> =
  [
    // Outer (seed categories outer_*)
    [['coat', 'overcoat'], ['코트']],
    [['blazer', 'sport coat'], ['블레이저']],
    [['padding', 'puffer', 'puffer jacket', 'down jacket', 'padded jacket'], ['패딩']],
    [['down'], ['다운']],
    [['jacket'], ['자켓']],
    [['jumper'], ['점퍼']],
    [['blouson'], ['블루종']],
    [['windbreaker'], ['윈드브레이커', '바람막이']],
    [['cardigan'], ['가디건']],
    [['trench', 'trench coat', 'trenchcoat'], ['트렌치']],
    [['vest', 'gilet'], ['베스트']],
    [['outer', 'outerwear'], ['아우터']],
    // Tops
    [['shirt', 'dress shirt', 'button down'], ['셔츠']],
    [['t shirt', 'tshirt', 'tee', 'tees'], ['티셔츠']],
    [['long sleeve', 'longsleeve', 'long sleeves'], ['긴팔']],
    [['short sleeve', 'short sleeves'], ['반팔']],
    [['knit', 'knitwear', 'knits'], ['니트']],
    [['sweater'], ['스웨터']],
    [['sweatshirt', 'sweat shirt', 'crewneck'], ['맨투맨']],
    [['hoodie', 'hoody', 'hood', 'hooded'], ['후드']],
    [['polo', 'polo shirt'], ['폴로']],
    [['pique'], ['피케']],
    [['turtleneck', 'turtle neck'], ['터틀넥']],
    [['top', 'tops'], ['상의']],
    // Bottoms
    [['slacks', 'trousers', 'dress pants'], ['슬랙스']],
    [['chino', 'chinos'], ['치노']],
    [['denim'], ['데님']],
    [['jeans'], ['데님', '청바지']],
    [['jogger', 'joggers'], ['조거']],
    [['training', 'tracksuit', 'track pants'], ['트레이닝']],
    [['sweatpants', 'sweat pants'], ['스웨트 팬츠']],
    [['cargo'], ['카고']],
    [['shorts'], ['반바지', '쇼츠']],
    [['pants'], ['팬츠']],
    [
      ['bottom', 'bottoms'],
      ['바지', '하의'],
    ],
    // Shoes
    [['dress shoes'], ['구두']],
    [['derby'], ['더비']],
    [['oxford'], ['옥스포드']],
    [['loafer', 'loafers'], ['로퍼']],
    [['sneakers', 'sneaker', 'trainers'], ['스니커즈']],
    [['boots', 'boot'], ['부츠']],
    [
      ['shoes', 'shoe'],
      ['신발', '슈즈'],
    ],
    [['running shoes'], ['러닝화']],
    [['golf shoes'], ['골프화']],
    // Bags
    [['briefcase'], ['서류가방', '브리프케이스']],
    [['backpack', 'rucksack'], ['백팩']],
    [['tote', 'tote bag'], ['토트백']],
    [['crossbody', 'cross bag', 'crossbody bag'], ['크로스백']],
    [['messenger bag', 'messenger'], ['메신저백']],
    [['bag', 'bags'], ['가방']],
    // Accessories
    [['necktie', 'tie', 'ties'], ['넥타이']],
    [['belt'], ['벨트']],
    [['eyewear', 'glasses'], ['안경']],
    [['sunglasses'], ['선글라스']],
    [['cap', 'ball cap', 'baseball cap'], ['캡']],
    [['hat'], ['모자']],
    [['socks', 'sock'], ['양말']],
    [['muffler', 'scarf'], ['머플러']],
    [['wallet'], ['지갑']],
    [['accessory', 'accessories'], ['액세서리']],
    [['suit'], ['수트']],
    [['setup', 'set up'], ['셋업']],
    // Sports
    [['sports', 'sport'], ['스포츠']],
    [['golf'], ['골프']],
    [['running'], ['러닝']],
    // Colours (seed COLORS)
    [['black'], ['블랙']],
    [['navy'], ['네이비']],
    [['charcoal'], ['차콜']],
    [['grey', 'gray'], ['그레이']],
    [['melange'], ['멜란지']],
    [['light grey', 'light gray', 'lightgrey'], ['라이트그레이']],
    [['white'], ['화이트']],
    [['ivory'], ['아이보리']],
    [['oatmeal'], ['오트밀']],
    [['beige'], ['베이지']],
    [['sand'], ['샌드']],
    [['camel'], ['카멜']],
    [['dark brown', 'darkbrown'], ['다크브라운']],
    [['brown'], ['브라운']],
    [['khaki'], ['카키']],
    [['olive'], ['올리브']],
    [['sky blue', 'skyblue'], ['스카이블루']],
    [['light blue', 'lightblue'], ['라이트블루']],
    [['blue'], ['블루']],
    [['burgundy'], ['버건디']],
    [['wine'], ['와인']],
    [['forest green', 'forest'], ['포레스트그린']],
    [['green'], ['그린']],
    [['mustard'], ['머스타드']],
    [['pink'], ['핑크']],
    [['lavender'], ['라벤더']],
    [['mint'], ['민트']],
    [['red'], ['레드']],
    [['silver'], ['실버']],
    [['gold'], ['골드']],
    // Materials and fits
    [['wool'], ['울']],
    [['cotton'], ['코튼']],
    [['linen'], ['린넨']],
    [['leather'], ['가죽', '레더']],
    [['suede'], ['스웨이드']],
    [['cashmere'], ['캐시미어']],
    [['corduroy'], ['코듀로이']],
    [['fleece'], ['플리스']],
    [['nylon'], ['나일론']],
    [['wide'], ['와이드']],
    [['slim'], ['슬림']],
    [['oversized', 'oversize', 'overfit'], ['오버핏']],
    [['tapered'], ['테이퍼드']],
    [['straight'], ['스트레이트']],
  ];

/** Words that mean nothing in a men's shop (whole words, normalised: men's → `men s`). */
export const STOP_WORDS: readonly string[] = [
  '남자',
  '남성',
  '남자용',
  '남성용',
  '남자들',
  '맨즈',
  '멘즈',
  '남',
  'mens',
  'men',
  'man',
  'male',
  'men s',
  'for men',
];

/** Every stop word contains one of these (a quick test before splitting the query). */
const MAY_HOLD_STOP_WORD = /남|맨즈|멘즈|men|man|male/;

/** Stop words also removed when glued to a catalogue word (남자니트), longest first. */
const GLUED_STOP_WORDS = ['남자용', '남성용', '남자', '남성', '맨즈', '멘즈'];

/** Longest English phrase looked up, in words. */
const MAX_PHRASE_WORDS = 3;
/** Romanised forms shorter than this are not looked up (ul, bel: too likely another word). */
const MIN_ROMANISED = 4;

let vocabulary: Map<string, readonly string[]> | null = null;
let koreanWords: string[] | null = null;

/** English and romanised forms (normalised, spaces kept) → Korean words; built on first use. */
function englishMap(): Map<string, readonly string[]> {
  if (vocabulary) return vocabulary;
  const map = new Map<string, readonly string[]>();
  for (const [english, korean] of ENGLISH_TERMS) for (const e of english) map.set(e, korean);
  // Revised Romanisation of every Korean word (슬랙스 → seullaekseu), where no English word is.
  for (const [, korean] of ENGLISH_TERMS) {
    for (const k of korean) {
      const r = romanize(k)
        .toLowerCase()
        .replace(/[^a-z]/g, '');
      if (r.length >= MIN_ROMANISED && !map.has(r)) map.set(r, [k]);
    }
  }
  vocabulary = map;
  return map;
}

/** The Korean words of the vocabulary without spaces, longest first (for glued stop words). */
export function vocabularyKoreanWords(): readonly string[] {
  if (!koreanWords) {
    const all = new Set(ENGLISH_TERMS.flatMap(([, korean]) => korean.map((k) => k.replace(/ /g, ''))));
    koreanWords = [...all].sort((a, b) => b.length - a.length);
  }
  return koreanWords;
}

/** The Korean words of an English or romanised word or phrase (normalised), or null. */
export function koreanOf(phrase: string): readonly string[] | null {
  const map = englishMap();
  const direct = map.get(phrase);
  if (direct) return direct;
  if (!/^[a-z ]+$/.test(phrase)) return null;
  // Plurals not listed: loafers → loafer, glasses → glass.
  if (phrase.endsWith('es')) {
    const hit = map.get(phrase.slice(0, -2));
    if (hit) return hit;
  }
  if (phrase.endsWith('s') && !phrase.endsWith('ss')) return map.get(phrase.slice(0, -1)) ?? null;
  return null;
}

/**
 * The query (normalised) with its English and romanised words in Korean: the first Korean word
 * of each, then, when a word has a second (jeans → 데님, 청바지), one more text with it. Longest
 * phrases first (`t shirt`, `dress shoes`). [] when no word is translated.
 */
export function translateQuery(normalised: string): string[] {
  const words = normalised.split(' ').filter(Boolean);
  const parts: (readonly string[])[] = [];
  let translated = false;
  for (let i = 0; i < words.length; ) {
    let taken = 0;
    for (let n = Math.min(MAX_PHRASE_WORDS, words.length - i); n >= 1; n--) {
      const phrase = words.slice(i, i + n);
      const korean = koreanOf(phrase.join(' ')) ?? (n > 1 ? koreanOf(phrase.join('')) : null);
      if (korean) {
        parts.push(korean);
        taken = n;
        translated = true;
        break;
      }
    }
    if (!taken) {
      parts.push([words[i] as string]);
      taken = 1;
    }
    i += taken;
  }
  if (!translated) return [];
  const first = parts.map((p) => p[0]).join(' ');
  const out = [first];
  const j = parts.findIndex((p) => p.length > 1);
  if (j >= 0) out.push(parts.map((p, i) => (i === j ? p[1] : p[0])).join(' '));
  return out;
}

const startsWithWord = (s: string) => vocabularyKoreanWords().some((w) => s.startsWith(w));
const endsWithWord = (s: string) => vocabularyKoreanWords().some((w) => s.endsWith(w));

/** One word without a glued stop word (남자니트 → 니트), or the word as it is. */
function unglued(word: string): string {
  for (const stop of GLUED_STOP_WORDS) {
    if (word.length <= stop.length) continue;
    if (word.startsWith(stop) && startsWithWord(word.slice(stop.length))) return word.slice(stop.length);
    if (word.endsWith(stop) && endsWithWord(word.slice(0, -stop.length))) return word.slice(0, -stop.length);
  }
  return word;
}

/**
 * The query (normalised: lower case, single spaces) without its stop words (see the module
 * comment): `남자 니트`, `니트 남자`, `남자니트`, `men's knit` → `니트` / `knit`. Unchanged when
 * nothing else would remain (`남자`), or when no stop word is in it.
 */
export function stripStopWords(normalised: string): string {
  if (!MAY_HOLD_STOP_WORD.test(normalised)) return normalised;
  const words = normalised.split(' ').filter(Boolean);
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const two = `${words[i]} ${words[i + 1] ?? ''}`;
    if (i + 1 < words.length && STOP_WORDS.includes(two)) {
      i++;
      continue;
    }
    const w = words[i] as string;
    if (STOP_WORDS.includes(w)) continue;
    kept.push(unglued(w));
  }
  return kept.length ? kept.join(' ') : normalised;
}

/** Longest keyword the realtime list shows (longer searches are not counted). */
export const MAX_TRENDING_KEYWORD_LENGTH = 30;

/**
 * Whether a keyword must never appear in the realtime keywords: raw 초성 or half-typed jamo
 * (ㄴㅌ, 맨투ㅁ), no Hangul syllable or latin letter, a lone latin letter, one character four
 * times in a row (ㅋㅋㅋㅋ, aaaa), latin letters without a vowel (mashed keys: zzqqxx), or
 * longer than MAX_TRENDING_KEYWORD_LENGTH.
 */
export function isJunkKeyword(text: string): boolean {
  const s = text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  if (!s || s.length > MAX_TRENDING_KEYWORD_LENGTH) return true;
  if (/[ㄱ-ㅎㅏ-ㅣ]/.test(s)) return true;
  if (!/[가-힣a-z]/.test(s)) return true;
  const compact = s.replace(/[^0-9a-z가-힣]/g, '');
  if (/^[a-z0-9]$/.test(compact)) return true;
  if (/(.)\1{3}/u.test(compact)) return true;
  for (const w of s.split(' ')) if (/^[a-z]{4,}$/.test(w) && !/[aeiouy]/.test(w)) return true;
  return false;
}
