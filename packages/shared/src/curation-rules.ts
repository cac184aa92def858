/**
 * The style quiz's hard rules for the MY큐레이션 engine (docs/ARCHITECTURE.md, "Curation engine"):
 * what a member said to avoid, and what is in season on a KST date. Each is decided from the
 * product's own facts (category, name, fit, material, colour, season label), never relaxed by the
 * score: a product that breaks one is not a candidate.
 */
import { kstParts } from './time.ts';

export type QuizAvoid = 'shorts' | 'logo' | 'skinny' | 'oversized' | 'loud_pattern' | 'bright_color';

/** The facts of a product the rules read. */
export type RuleFacts = {
  product_type: string;
  /** The category's `sub` (e.g. 'shorts') and code (e.g. 'bottom_shorts'). */
  category_sub?: string | null;
  category_code: string;
  name: string;
  style_tags: readonly string[];
  color_name: string;
  /** The product's cut (슬림핏, 오버핏, 와이드핏…), null for shoes and bags. */
  fit?: string | null;
  material?: string | null;
  /** The season it is sold for: 'SS', 'FW', '간절기', '사계절', or null when not given. */
  season?: string | null;
};

/**
 * Bright primary colours (밝은 원색): the saturated reds, yellows, greens and blues, and the pastels
 * that read as bright on a man's outfit. Muted accents (버건디, 와인, 포레스트그린, 올리브) are not.
 */
export const BRIGHT_COLORS: ReadonlySet<string> = new Set([
  '레드',
  '블루',
  '그린',
  '머스타드',
  '핑크',
  '민트',
  '스카이블루',
  '라벤더',
  '옐로우',
  '오렌지',
]);

const SHORTS_RE = /쇼츠|반바지|버뮤다|5부|하프\s?팬츠/;
const LOGO_RE = /로고|레터링|그래픽|빅\s?프린트/;
const SKINNY_RE = /스키니/;
const OVERSIZED_RE = /오버핏|오버사이즈|세미오버|빅\s?핏/;
/** Loud patterns (화려한 패턴). Stripes, checks and herringbone are classic office patterns and stay. */
const LOUD_PATTERN_RE =
  /플로럴|꽃무늬|페이즐리|카모|하와이안|레오파드|호피|지브라|애니멀|타이다이|아가일|패턴|프린트/;

/** Whether `f` is something the member asked to avoid (the quiz's `avoid`). */
export function breaksAvoid(f: RuleFacts, avoid: QuizAvoid): boolean {
  const text = `${f.name} ${f.style_tags.join(' ')}`;
  switch (avoid) {
    case 'shorts':
      return f.category_sub === 'shorts' || /shorts/.test(f.category_code) || SHORTS_RE.test(f.name);
    case 'logo':
      return LOGO_RE.test(text);
    case 'skinny':
      return SKINNY_RE.test(`${f.name} ${f.fit ?? ''}`);
    case 'oversized':
      return OVERSIZED_RE.test(`${f.name} ${f.fit ?? ''}`);
    case 'loud_pattern':
      return LOUD_PATTERN_RE.test(text) || f.color_name === '호피';
    case 'bright_color':
      return BRIGHT_COLORS.has(f.color_name);
  }
}

/** The first of `avoid` that `f` breaks, or null. */
export function avoidBroken(f: RuleFacts, avoid: readonly QuizAvoid[]): QuizAvoid | null {
  return avoid.find((a) => breaksAvoid(f, a)) ?? null;
}

/**
 * The months (1–12, KST) each season label is worn. Spring and autumn overlap both neighbours: May
 * and September take summer clothes and between-season ones, October, November and March take
 * between-season and winter ones.
 */
export const SEASON_MONTHS: Readonly<Record<'SS' | 'FW' | '간절기' | '사계절', readonly number[]>> = {
  SS: [5, 6, 7, 8, 9],
  간절기: [3, 4, 5, 9, 10, 11],
  FW: [10, 11, 12, 1, 2, 3],
  사계절: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
};

/** Words that make a product a summer one, whatever its label (the seed's rule, seed/copy.ts). */
const SUMMER_RE = /린넨|쿨링|쿨맥스|반팔|쇼츠|반바지|버뮤다|시어서커|샌들|슬리퍼|쪼리|메쉬|트로피컬/;
/** Words that make it a cold-weather one. */
const WINTER_RE =
  /기모|패딩|(?<!버튼)다운|웰론|캐시미어|램스울|알파카|플란넬|코듀로이|멜톤|플리스|무스탕|시어링|부츠|머플러|장갑|비니/;
/** Canvas shoes and the like: not in the cold months. */
const WARM_WEATHER_RE = /캔버스|에스파드류/;
const WARM_WEATHER_MONTHS = [3, 4, 5, 6, 7, 8, 9, 10];

/**
 * The KST months `f` is in season: from its name and material first (a linen shirt labelled 사계절 is
 * still a summer shirt), else its season label, else all year.
 */
export function seasonMonths(f: RuleFacts): readonly number[] {
  const text = `${f.name} ${f.material ?? ''}`;
  const summer = SUMMER_RE.test(text);
  const winter = WINTER_RE.test(text);
  if (summer && !winter) return SEASON_MONTHS.SS;
  if (winter && !summer) return SEASON_MONTHS.FW;
  if (WARM_WEATHER_RE.test(text)) return WARM_WEATHER_MONTHS;
  const label = f.season as keyof typeof SEASON_MONTHS | null | undefined;
  return (label && SEASON_MONTHS[label]) || SEASON_MONTHS.사계절;
}

/** Whether `f` is in season at `at` (KST month). */
export function inSeason(f: RuleFacts, at: Date): boolean {
  return seasonMonths(f).includes(kstParts(at).month);
}

/**
 * Who made a curation, as every screen, notification and push says it: "AI가 고른 코디" when no
 * person touched it (the engine's draft published as it stood), "OOO 스타일리스트가 다듬었어요" only
 * when a curator changed, annotated or published it (curator_touched_at), without a name when the
 * curator left none.
 */
export function curationByline(c: { curator_name: string | null; touched_by_curator: boolean }): string {
  if (!c.touched_by_curator) return 'AI가 고른 코디';
  return c.curator_name ? `${c.curator_name} 스타일리스트가 다듬었어요` : '스타일리스트가 다듬었어요';
}

/** The published notification's line (and its push), by the same rule. */
export function curationPublishedBody(c: {
  curator_name: string | null;
  touched_by_curator: boolean;
}): string {
  if (!c.touched_by_curator) return 'AI가 퀴즈 답변으로 고른 코디를 확인해 보세요.';
  return c.curator_name
    ? `${c.curator_name} 스타일리스트가 다듬은 코디를 확인해 보세요.`
    : '스타일리스트가 다듬은 코디를 확인해 보세요.';
}
