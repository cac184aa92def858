/**
 * Content forms (SPEC.md "Contents": post survey, post quiz, mini quiz, codi quiz event, post
 * feedback, daily-look feedback): the forms a magazine post carries in its Markdown body, the
 * tally of the answers (counts and percentages that add up to 100) and the bodies the form calls
 * answer with. Pure: the API stores the answers, the storefront shows the results.
 *
 * A post carries a question as a fenced block of its body (the back office writes it as Markdown):
 *
 *   :::quiz 1
 *   올가을 가장 많이 팔린 아우터는?
 *   - 트렌치코트
 *   - 블루종 (정답)
 *   :::
 *
 * `quiz` answers with post-quiz, `mini-quiz` with post-mini-quiz and `survey` with post-survey; the
 * number is the question id (1–999); the first line is the question, each `- ` line an option, and
 * `(정답)` marks a quiz's right option (the storefront never shows the mark).
 */

export const CONTENT_FORMS = [
  'post-survey',
  'post-quiz',
  'post-mini-quiz',
  'codi-quiz-event',
  'post-feedback',
  'daily-look-feedback',
] as const;
export type ContentForm = (typeof CONTENT_FORMS)[number];

/** The post-feedback values and the daily-look feedback values, in display order. */
export const POST_FEEDBACK_VALUES = ['like', 'dislike', 'helpful'] as const;
export const DAILY_LOOK_VALUES = ['like', 'dislike'] as const;
export const FEEDBACK_LABEL: Record<string, string> = {
  like: '좋아요',
  dislike: '별로예요',
  helpful: '도움돼요',
};

/** The 409 of a second answer to a quiz (quizzes take one answer per member or guest). */
export const ALREADY_ANSWERED = '이미 참여하셨습니다.';

export const POST_FORM_KINDS = {
  quiz: 'post-quiz',
  'mini-quiz': 'post-mini-quiz',
  survey: 'post-survey',
} as const;
export type PostFormKind = keyof typeof POST_FORM_KINDS;
export const FORM_LIMITS = { questionId: 999, options: 10, optionLength: 100, questionLength: 300 } as const;

export interface PostFormBlock {
  form: (typeof POST_FORM_KINDS)[PostFormKind];
  question_id: number;
  question: string;
  options: string[];
  /** The right option of a quiz, or null (surveys, quizzes without a mark). */
  correct: string | null;
}
export type PostBodyPart = { kind: 'text'; text: string } | { kind: 'form'; block: PostFormBlock };

const OPEN = /^:::(quiz|mini-quiz|survey)\s+(\d{1,3})\s*$/;
const CORRECT = /\s*\(정답\)\s*$/;

/**
 * The body of a post as Markdown text and form blocks, in order. A block that is malformed (no
 * question, fewer than two options, a repeated question id) stays text; an unclosed one too.
 */
export function splitPostBody(body: string): PostBodyPart[] {
  const lines = body.split('\n');
  const parts: PostBodyPart[] = [];
  const seen = new Set<string>();
  let text: string[] = [];
  const flush = () => {
    if (text.length) parts.push({ kind: 'text', text: text.join('\n') });
    text = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const m = OPEN.exec(lines[i] ?? '');
    const end = m ? lines.findIndex((l, j) => j > i && l.trim() === ':::') : -1;
    const block =
      m && end > i ? parseBlock(m[1] as PostFormKind, Number(m[2]), lines.slice(i + 1, end)) : null;
    if (!block || seen.has(`${block.form}:${block.question_id}`)) {
      text.push(lines[i] ?? '');
      continue;
    }
    seen.add(`${block.form}:${block.question_id}`);
    flush();
    parts.push({ kind: 'form', block });
    i = end;
  }
  flush();
  return parts;
}

function parseBlock(kind: PostFormKind, id: number, lines: string[]): PostFormBlock | null {
  if (id < 1 || id > FORM_LIMITS.questionId) return null;
  const question = lines.find((l) => l.trim() && !l.trim().startsWith('- '))?.trim() ?? '';
  const options: string[] = [];
  let correct: string | null = null;
  for (const l of lines) {
    const t = l.trim();
    if (!t.startsWith('- ')) continue;
    const marked = kind !== 'survey' && CORRECT.test(t); // a survey has no right answer
    const option = t.slice(2).replace(CORRECT, '').trim().slice(0, FORM_LIMITS.optionLength);
    if (!option || options.includes(option)) continue;
    options.push(option);
    if (marked && correct === null) correct = option;
  }
  if (!question || options.length < 2 || options.length > FORM_LIMITS.options) return null;
  return {
    form: POST_FORM_KINDS[kind],
    question_id: id,
    question: question.slice(0, FORM_LIMITS.questionLength),
    options,
    correct,
  };
}

/** The body without the right-option marks of its quiz blocks (what the storefront receives). */
export function hideAnswerMarks(body: string): string {
  let inBlock = false;
  return body
    .split('\n')
    .map((line) => {
      if (OPEN.test(line)) inBlock = true;
      else if (inBlock && line.trim() === ':::') inBlock = false;
      else if (inBlock && line.trim().startsWith('- ')) return line.replace(CORRECT, '');
      return line;
    })
    .join('\n');
}

/** The form blocks of a post's body. */
export const postFormBlocks = (body: string): PostFormBlock[] =>
  splitPostBody(body).flatMap((p) => (p.kind === 'form' ? [p.block] : []));

/**
 * Whole percentages of `counts` that add up to 100 (largest remainder: floor every share, then
 * give the missing points to the largest remainders, ties to the earlier entry); all 0 when empty.
 */
export function largestRemainderPercents(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total <= 0) return counts.map(() => 0);
  const exact = counts.map((c) => (c * 100) / total);
  const out = exact.map(Math.floor);
  let missing = 100 - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (missing <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
    missing -= 1;
  }
  return out;
}

/** The value an answer counts under: strings as they are, numbers and booleans as text, arrays each. */
export function answerKeys(value: unknown): string[] {
  if (Array.isArray(value)) return [...new Set(value.map(String))];
  if (value === null || value === undefined) return [];
  return [String(value)];
}

export interface OptionTally {
  value: string;
  count: number;
  percent: number;
}

/**
 * Per-option counts and percentages of the answers, given as distinct values with how many gave
 * each (`n`): the `options` first in their order (with 0s), then any other value by count (most
 * first, then by value). A multi-choice answer counts once for each option it names; the
 * percentages are of all the counted choices and add up to 100.
 */
export function tallyAnswers(
  answers: readonly { value: unknown; n: number }[],
  options: readonly string[] = [],
): { total: number; options: OptionTally[] } {
  const counts = new Map<string, number>(options.map((o) => [o, 0]));
  let total = 0;
  for (const a of answers) {
    total += a.n;
    for (const k of answerKeys(a.value)) counts.set(k, (counts.get(k) ?? 0) + a.n);
  }
  const fixed = options.map((o) => [o, counts.get(o) ?? 0] as const);
  const rest = [...counts.entries()]
    .filter(([k]) => !options.includes(k))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const all = [...fixed, ...rest];
  const percents = largestRemainderPercents(all.map(([, c]) => c));
  return {
    total,
    options: all.map(([value, count], i) => ({ value, count, percent: percents[i] ?? 0 })),
  };
}
