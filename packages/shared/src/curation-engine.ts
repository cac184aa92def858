/**
 * The MY큐레이션 engine (docs/ARCHITECTURE.md, "Curation engine"): outfits (코디) for one member from
 * products in stock in the member's size, each outfit (한 벌) within the budget, in season, with
 * nothing the member said to avoid (curation-rules.ts), matching the liked styles and the
 * occasions, avoiding disliked styles and colours, harmonious in colour (a neutral base with at most
 * one accent; the personal-colour palette near the face), varied across outfits, and leaving out
 * what the member bought or rated badly. Every pick carries its reasons. Pure: the API gives it the
 * candidates (with the recommended size already worked out) and the member's history.
 */
import { avoidBroken, inSeason, type QuizAvoid, type RuleFacts } from './curation-rules.ts';
import { withJosa } from './josa.ts';
import { formatWon } from './price.ts';
import { kstParts } from './time.ts';
import { NEUTRAL_COLORS, OCCASION_LABEL, OCCASION_STYLES, type Occasion } from './vocabulary.ts';

export type CurationRole = 'top' | 'bottom' | 'outer' | 'shoes' | 'bag';
export type KstSeason = 'spring' | 'summer' | 'autumn' | 'winter';
export type PersonalColorSeason = 'SPRING_WARM' | 'SUMMER_COOL' | 'AUTUMN_WARM' | 'WINTER_COOL';

/** Colours each personal-colour season flatters near the face. */
export const SEASON_PALETTES: Record<PersonalColorSeason, ReadonlySet<string>> = {
  SPRING_WARM: new Set(['아이보리', '베이지', '샌드', '카멜', '오트밀', '민트', '스카이블루', '골드']),
  SUMMER_COOL: new Set([
    '라이트그레이',
    '멜란지그레이',
    '스카이블루',
    '라이트블루',
    '라벤더',
    '네이비',
    '화이트',
  ]),
  AUTUMN_WARM: new Set(['카멜', '브라운', '다크브라운', '카키', '올리브', '머스타드', '버건디', '베이지']),
  WINTER_COOL: new Set(['블랙', '화이트', '네이비', '차콜', '레드', '와인', '블루']),
};

/** The KST season of a date (Mar–May spring, Jun–Aug summer, Sep–Nov autumn, Dec–Feb winter). */
export function kstSeason(at: Date): KstSeason {
  const { month } = kstParts(at);
  if (month >= 3 && month <= 5) return 'spring';
  if (month >= 6 && month <= 8) return 'summer';
  if (month >= 9 && month <= 11) return 'autumn';
  return 'winter';
}

export type CurationCandidate = RuleFacts & {
  id: number;
  product_type: 'TOP' | 'BOTTOM' | 'OUTER' | 'SHOES' | 'BAG' | 'ETC';
  category_code: string;
  name: string;
  style_tags: readonly string[];
  color_name: string;
  price: number;
  /**
   * The size to pick for this member (their recommendation or usual size; for shoes their shoe
   * size), null when unknown: a top, bottom, outer or shoes without one is not picked.
   */
  size: string | null;
  /** Why `size` is not the usual size the member gave (chooseGivenSize), in words; else null. */
  size_note?: string | null;
  /** Sizes with sellable stock. */
  sizes_in_stock: readonly string[];
  /** 0–1, higher sells more (a tie-breaker). */
  popularity: number;
};

export type CurationProfile = {
  liked_styles: readonly string[];
  disliked_styles: readonly string[];
  /** Colours the member likes (a lift) and avoids (never picked). */
  liked_colors: readonly string[];
  avoided_colors: readonly string[];
  /** Most the member wants to pay for one outfit (한 벌, won); null: no limit. */
  budget_max: number | null;
  /** What the member said to avoid (the quiz's `avoid`): never picked. */
  avoid?: readonly QuizAvoid[];
  occasions: readonly Occasion[];
  personal_color: PersonalColorSeason | null;
  /** Products bought, rated (1–5), liked and skipped before. */
  bought: readonly number[];
  ratings: Readonly<Record<number, number>>;
  liked: readonly number[];
  skipped: readonly number[];
  /** Styles chosen in the daily quiz's style questions, with how often (a soft lift). */
  style_votes?: Readonly<Record<string, number>>;
};

export type CuratedPick = { role: CurationRole; product_id: number; size: string | null; reasons: string[] };
/** An outfit: its picks, colours, colour line and what it costs (the sum of its picks' prices). */
export type CuratedOutfit = { picks: CuratedPick[]; colors: string[]; note: string; total: number };

const ROLE_OF: Partial<Record<CurationCandidate['product_type'], CurationRole>> = {
  TOP: 'top',
  BOTTOM: 'bottom',
  OUTER: 'outer',
  SHOES: 'shoes',
  BAG: 'bag',
};
/** The outfit role of a product type, or undefined for types outfits do not use. */
export const roleOf = (t: CurationCandidate['product_type']): CurationRole | undefined => ROLE_OF[t];
/** Roles picked in the member's size (shoes in their shoe size: never a default one). */
const SIZED: ReadonlySet<CurationRole> = new Set(['top', 'bottom', 'outer', 'shoes']);
const NEAR_FACE: ReadonlySet<CurationRole> = new Set(['top', 'outer']);

/**
 * Whether a product may be picked at all: stock in the size, within the budget on its own, in season
 * at `at` (when given), nothing avoided (style, colour, the quiz's avoid list), history.
 */
export function isEligible(c: CurationCandidate, p: CurationProfile, at?: Date): boolean {
  const role = ROLE_OF[c.product_type];
  if (!role) return false;
  if (SIZED.has(role) ? !c.size || !c.sizes_in_stock.includes(c.size) : c.sizes_in_stock.length === 0)
    return false;
  if (p.budget_max !== null && c.price > p.budget_max) return false;
  if (c.style_tags.some((t) => p.disliked_styles.includes(t))) return false;
  if (p.avoided_colors.includes(c.color_name)) return false;
  if (avoidBroken(c, p.avoid ?? []) !== null) return false;
  if (at && !inSeason(c, at)) return false;
  if (p.bought.includes(c.id)) return false;
  const rating = p.ratings[c.id];
  if (rating !== undefined && rating <= 2) return false;
  return true;
}

/**
 * Style affinity learnt from history: tags of liked and well-rated products up, tags of badly rated
 * and skipped ones down, and the styles voted for in the daily quiz up.
 */
export function styleAffinity(
  p: CurationProfile,
  byId: ReadonlyMap<number, CurationCandidate>,
): Map<string, number> {
  const a = new Map<string, number>();
  const add = (id: number, w: number) => {
    for (const t of byId.get(id)?.style_tags ?? []) a.set(t, (a.get(t) ?? 0) + w);
  };
  for (const id of p.liked) add(id, 1);
  for (const [id, r] of Object.entries(p.ratings)) add(Number(id), r >= 4 ? 1.5 : r <= 2 ? -2 : 0);
  for (const id of p.skipped) add(id, -1);
  // Daily-quiz votes: half a point each, at most 2 per style (a vote says less than a purchase).
  for (const [tag, n] of Object.entries(p.style_votes ?? {}))
    a.set(tag, (a.get(tag) ?? 0) + Math.min(2, n / 2));
  return a;
}

function score(
  c: CurationCandidate,
  role: CurationRole,
  p: CurationProfile,
  affinity: Map<string, number>,
): number {
  const liked = c.style_tags.filter((t) => p.liked_styles.includes(t)).length;
  const occasion = p.occasions.some((o) => c.style_tags.some((t) => OCCASION_STYLES[o].includes(t))) ? 1 : 0;
  const learnt = c.style_tags.reduce((s, t) => s + (affinity.get(t) ?? 0), 0);
  const palette =
    p.personal_color && NEAR_FACE.has(role) && SEASON_PALETTES[p.personal_color].has(c.color_name) ? 1 : 0;
  const color = p.liked_colors.includes(c.color_name) ? 0.8 : 0;
  return (
    3 * Math.min(liked, 2) +
    1.5 * occasion +
    Math.max(-3, Math.min(3, learnt)) +
    palette +
    color +
    c.popularity
  );
}

const accentsOf = (colors: readonly string[]) => colors.filter((c) => !NEUTRAL_COLORS.has(c));

/** The item word of a product name, its last word: "울 테이퍼드 슬랙스" → "슬랙스". */
export const itemWord = (name: string): string => name.trim().split(/\s+/).at(-1) ?? name;
/** "네이비 슬랙스": a pick as a stylist names it, by colour and item. */
const named = (c: Pick<CurationCandidate, 'color_name' | 'name'>) => `${c.color_name} ${itemWord(c.name)}`;

/**
 * Why a pick suits the member, in one or two sentences a stylist would write, built from the facts
 * only (docs/ARCHITECTURE.md, "Curation engine"): what it goes with in the outfit (`partner`) and
 * the style or occasion it answers, then its size (`size_note` from drafting: the body's ease, or
 * why it is not the size the member gave), else the colour the member likes or their palette.
 * "출근룩에 어울리는 미니멀 스타일로, 차콜 슬랙스에 맞춰 고른 화이트 셔츠예요." · "키 175·몸무게 72
 * 체형에 L이 가슴 여유 10cm예요."
 */
export function reasonsFor(
  c: CurationCandidate,
  role: CurationRole,
  p: CurationProfile,
  partner?: Pick<CurationCandidate, 'color_name' | 'name'>,
): string[] {
  const liked = c.style_tags.find((t) => p.liked_styles.includes(t));
  const occasion = p.occasions.find((o) => c.style_tags.some((t) => OCCASION_STYLES[o].includes(t)));
  const palette =
    p.personal_color && NEAR_FACE.has(role) && SEASON_PALETTES[p.personal_color].has(c.color_name)
      ? PERSONAL_COLOR_LABEL[p.personal_color]
      : null;
  // The strongest fact leads: the member's palette, a colour they like, then occasion and style.
  const core = palette
    ? `${palette}에 어울리는 색`
    : p.liked_colors.includes(c.color_name)
      ? '좋아하시는 색'
      : occasion && liked
        ? `${OCCASION_LABEL[occasion]}에 어울리는 ${liked} 스타일`
        : liked
          ? `좋아하시는 ${liked} 스타일`
          : occasion
            ? `${OCCASION_LABEL[occasion]}에 어울리는 스타일`
            : null;
  const self = named(c);
  const lead = core && partner ? `${withJosa(core, '으로/로')}, ` : '';
  const pairing = !partner
    ? `${core ? `${core}의 ` : ''}${withJosa(self, '이에요/예요')}`
    : role === 'top'
      ? `${named(partner)}에 맞춰 고른 ${withJosa(self, '이에요/예요')}`
      : role === 'bottom'
        ? `${withJosa(named(partner), '와/과')} 어울리는 ${withJosa(self, '이에요/예요')}`
        : role === 'outer'
          ? `${named(partner)} 위에 걸치기 좋은 ${withJosa(self, '이에요/예요')}`
          : role === 'shoes'
            ? `${named(partner)} 아래로 맞춘 ${withJosa(self, '이에요/예요')}`
            : `코디를 마무리하는 ${withJosa(self, '이에요/예요')}`;
  const r = [`${lead}${pairing}.`];
  if (SIZED.has(role) && c.size) r.push(c.size_note ? `${c.size_note}.` : `${c.size} 사이즈로 골랐어요.`);
  return r;
}

export const PERSONAL_COLOR_LABEL: Record<PersonalColorSeason, string> = {
  SPRING_WARM: '봄 웜톤',
  SUMMER_COOL: '여름 쿨톤',
  AUTUMN_WARM: '가을 웜톤',
  WINTER_COOL: '겨울 쿨톤',
};

/** "네이비+그레이 톤온톤" or "블랙 베이스 + 버건디 포인트": the colour line of an outfit. */
export function colorLine(colors: readonly string[]): string {
  const unique = [...new Set(colors)];
  const accents = accentsOf(unique);
  const base = unique.filter((c) => NEUTRAL_COLORS.has(c));
  if (accents.length === 0) return `${base.slice(0, 2).join('+')} 톤온톤`;
  return `${base.slice(0, 2).join('+') || '뉴트럴'} 베이스 + ${accents[0]} 포인트`;
}

/**
 * The stylist's note on an outfit, from its facts only: what is paired, for which occasion, the
 * colours in words, and what it costs against the budget. "화이트 셔츠와 차콜 슬랙스에 네이비 자켓을
 * 걸친 출근룩이에요. 무채색 톤온톤으로 차분하게 맞췄어요. 한 벌 160,000원으로 예산 200,000원
 * 안이에요."
 */
export function outfitNote(
  pieces: {
    top?: CurationCandidate | undefined;
    bottom?: CurationCandidate | undefined;
    outer?: CurationCandidate | undefined;
  },
  colors: readonly string[],
  total: number,
  p: Pick<CurationProfile, 'occasions' | 'budget_max'>,
): string {
  const occasion = p.occasions[0] ? OCCASION_LABEL[p.occasions[0]] : '코디';
  const { top, bottom, outer } = pieces;
  const pair =
    top && bottom
      ? outer
        ? `${withJosa(named(top), '와/과')} ${named(bottom)}에 ${withJosa(named(outer), '을/를')} 걸친`
        : `${withJosa(named(top), '와/과')} ${withJosa(named(bottom), '을/를')} 맞춘`
      : '';
  const unique = [...new Set(colors)];
  const accents = accentsOf(unique);
  const base = unique
    .filter((c) => NEUTRAL_COLORS.has(c))
    .slice(0, 2)
    .join('·');
  const tone =
    accents.length === 0
      ? `${base} 톤온톤으로 차분하게 맞췄어요.`
      : `${base || '뉴트럴'} 바탕에 ${withJosa(accents[0] as string, '으로/로')} 포인트를 줬어요.`;
  const cost =
    p.budget_max === null
      ? `한 벌 ${withJosa(formatWon(total), '이에요/예요')}.`
      : `한 벌 ${formatWon(total)}으로 예산 ${formatWon(p.budget_max)} 안이에요.`;
  return `${pair ? `${pair} ${withJosa(occasion, '이에요/예요')}. ` : ''}${tone} ${cost}`;
}

/**
 * Up to `count` outfits for the KST date `at`: each a top and a bottom, an outer in autumn and
 * winter (and in spring when one fits), shoes (in the member's shoe size) or a bag where stock
 * allows; every item in season and nothing avoided; each outfit's total within `budget_max` (the
 * budget is one outfit's, 한 벌: a top and bottom are chosen leaving room for the cheapest outer the
 * season wants, optional pieces only when they fit what is left); no product twice; at most one
 * accent colour per outfit; categories varied across outfits. Fewer outfits (or none) when the
 * rules leave too little: they are never broken to fill the count.
 */
export function composeOutfits(
  candidates: readonly CurationCandidate[],
  profile: CurationProfile,
  opts: { at: Date; count: number },
): CuratedOutfit[] {
  const season = kstSeason(opts.at);
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const affinity = styleAffinity(profile, byId);
  const pools = new Map<CurationRole, { c: CurationCandidate; s: number }[]>();
  for (const c of candidates) {
    const role = ROLE_OF[c.product_type];
    if (!role || !isEligible(c, profile, opts.at)) continue;
    const list = pools.get(role) ?? [];
    list.push({ c, s: score(c, role, profile, affinity) });
    pools.set(role, list);
  }
  for (const list of pools.values()) list.sort((a, b) => b.s - a.s || a.c.id - b.c.id);

  const used = new Set<number>();
  const usedCategories = new Map<string, number>();
  const pick = (role: CurationRole, colors: string[], cap: number): CurationCandidate | null => {
    const list = pools.get(role) ?? [];
    let best: { c: CurationCandidate; s: number } | null = null;
    for (const e of list) {
      if (used.has(e.c.id) || e.c.price > cap) continue;
      // At most one accent colour per outfit.
      if (accentsOf([...colors, e.c.color_name]).length > 1) continue;
      // Variety: the same category again costs a little for each earlier use.
      const s = e.s - 1.2 * (usedCategories.get(e.c.category_code) ?? 0);
      if (!best || s > best.s) best = { c: e.c, s };
    }
    return best?.c ?? null;
  };
  /** The price of the cheapest unused `role` (0 when there is none: nothing to leave room for). */
  const cheapest = (role: CurationRole): number => {
    let min = Number.POSITIVE_INFINITY;
    for (const e of pools.get(role) ?? []) if (!used.has(e.c.id) && e.c.price < min) min = e.c.price;
    return Number.isFinite(min) ? min : 0;
  };
  const outerWanted = season === 'autumn' || season === 'winter';
  const outerAllowed = season === 'spring';

  const outfits: CuratedOutfit[] = [];
  for (let n = 0; n < opts.count; n++) {
    const colors: string[] = [];
    const chosen: { role: CurationRole; c: CurationCandidate }[] = [];
    let left = profile.budget_max ?? Number.POSITIVE_INFINITY;
    /** Takes the best `role` leaving the first room that lets one fit (`rooms`: most to least). */
    const take = (role: CurationRole, ...rooms: number[]) => {
      let c: CurationCandidate | null = null;
      for (const room of rooms.length ? rooms : [0]) {
        c = pick(role, colors, left - room);
        if (c) break;
      }
      if (!c) return false;
      chosen.push({ role, c });
      colors.push(c.color_name);
      left -= c.price;
      return true;
    };
    // Room for the bottom is never given up (no outfit without one); room for the outer the season
    // wants is, when nothing fits with it.
    const outerRoom = outerWanted ? cheapest('outer') : 0;
    const bottomRoom = cheapest('bottom');
    if (!take('top', bottomRoom + outerRoom, bottomRoom) || !take('bottom', outerRoom, 0)) break;
    // An outer in autumn and winter, and in spring when one fits; when none fits the outfit's
    // colours, its budget or stock, the outfit goes without.
    if (outerWanted || outerAllowed) take('outer');
    if (!take('shoes')) take('bag');
    for (const { c } of chosen) {
      used.add(c.id);
      usedCategories.set(c.category_code, (usedCategories.get(c.category_code) ?? 0) + 1);
    }
    // What each piece is worn with: the top with the bottom, the rest with the top or the bottom.
    const of = (r: CurationRole) => chosen.find((x) => x.role === r)?.c;
    const partnerOf = (r: CurationRole) =>
      r === 'top'
        ? of('bottom')
        : r === 'bottom' || r === 'outer'
          ? of('top')
          : r === 'shoes'
            ? of('bottom')
            : undefined;
    const total = chosen.reduce((sum, { c }) => sum + c.price, 0);
    outfits.push({
      picks: chosen.map(({ role, c }) => ({
        role,
        product_id: c.id,
        size: SIZED.has(role) ? c.size : null,
        reasons: reasonsFor(c, role, profile, partnerOf(role)),
      })),
      colors: [...new Set(colors)],
      note: outfitNote({ top: of('top'), bottom: of('bottom'), outer: of('outer') }, colors, total, profile),
      total,
    });
  }
  return outfits;
}
