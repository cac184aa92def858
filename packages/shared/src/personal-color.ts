/**
 * The personal-colour quiz (docs/ARCHITECTURE.md, "Curations"): five questions, each answer leaning
 * warm or cool and light or deep; the two leanings give the season (spring warm, summer cool, autumn
 * warm, winter cool) and its palette, which the curation engine favours near the face.
 */
import { z } from 'zod';
import { PERSONAL_COLOR_LABEL, type PersonalColorSeason, SEASON_PALETTES } from './curation-engine.ts';

type Lean = { warm: number; light: number };
type Option = { key: string; label: string } & Lean;
export type PersonalColorQuestion = { key: string; question: string; options: readonly Option[] };

export const PERSONAL_COLOR_QUESTIONS: readonly PersonalColorQuestion[] = [
  {
    key: 'vein',
    question: '손목 안쪽 혈관은 어떤 색으로 보이나요?',
    options: [
      { key: 'green', label: '초록빛', warm: 1, light: 0 },
      { key: 'blue', label: '파란빛', warm: -1, light: 0 },
      { key: 'mixed', label: '잘 모르겠어요', warm: 0, light: 0 },
    ],
  },
  {
    key: 'metal',
    question: '어떤 액세서리가 더 잘 어울리나요?',
    options: [
      { key: 'gold', label: '골드', warm: 1, light: 0 },
      { key: 'silver', label: '실버', warm: -1, light: 0 },
    ],
  },
  {
    key: 'sun',
    question: '햇볕에 오래 있으면 피부가 어떻게 되나요?',
    options: [
      { key: 'tan', label: '금방 까맣게 타요', warm: 1, light: -1 },
      { key: 'burn', label: '빨갛게 익었다가 돌아와요', warm: -1, light: 1 },
    ],
  },
  {
    key: 'contrast',
    question: '머리카락·눈동자와 피부의 대비는 어떤가요?',
    options: [
      { key: 'soft', label: '부드러운 편 (갈색 머리, 밝은 눈동자)', warm: 0, light: 1 },
      { key: 'strong', label: '뚜렷한 편 (새까만 머리, 짙은 눈동자)', warm: 0, light: -1 },
    ],
  },
  {
    key: 'shirt',
    question: '얼굴이 가장 환해 보이는 셔츠 색은?',
    options: [
      { key: 'ivory', label: '아이보리·베이지', warm: 1, light: 1 },
      { key: 'skyblue', label: '스카이블루·라이트그레이', warm: -1, light: 1 },
      { key: 'camel', label: '카멜·올리브', warm: 1, light: -1 },
      { key: 'black', label: '블랙·화이트·네이비', warm: -1, light: -1 },
    ],
  },
];

/** The answers: an option key per question key. */
export const PersonalColorRequest = z
  .object({
    answers: z
      .record(z.string().max(20), z.string().max(20))
      .refine(
        (a) =>
          PERSONAL_COLOR_QUESTIONS.every((q) => q.options.some((o) => o.key === a[q.key])) &&
          Object.keys(a).length === PERSONAL_COLOR_QUESTIONS.length,
        'answer every question with one of its options',
      ),
  })
  .strict();
export type PersonalColorRequest = z.infer<typeof PersonalColorRequest>;

export const PERSONAL_COLOR_SEASONS = ['SPRING_WARM', 'SUMMER_COOL', 'AUTUMN_WARM', 'WINTER_COOL'] as const;

export const PersonalColorResultBody = z.object({
  result: z.enum(PERSONAL_COLOR_SEASONS),
  label: z.string(),
  palette: z.array(z.string()),
});
export type PersonalColorResultBody = z.infer<typeof PersonalColorResultBody>;

export const PersonalColorQuizBody = z.object({
  questions: z.array(
    z.object({
      key: z.string(),
      question: z.string(),
      options: z.array(z.object({ key: z.string(), label: z.string() })),
    }),
  ),
  /** The member's latest result (null for guests and members who have not taken it). */
  latest: PersonalColorResultBody.nullable(),
});
export type PersonalColorQuizBody = z.infer<typeof PersonalColorQuizBody>;

/** The season of a complete set of answers; a warm–cool tie leans warm (light–deep cannot tie). */
export function personalColorResult(answers: Record<string, string>): PersonalColorResultBody {
  let warm = 0;
  let light = 0;
  for (const q of PERSONAL_COLOR_QUESTIONS) {
    const o = q.options.find((x) => x.key === answers[q.key]);
    warm += o?.warm ?? 0;
    light += o?.light ?? 0;
  }
  const season: PersonalColorSeason =
    warm >= 0 ? (light >= 0 ? 'SPRING_WARM' : 'AUTUMN_WARM') : light >= 0 ? 'SUMMER_COOL' : 'WINTER_COOL';
  return { result: season, label: PERSONAL_COLOR_LABEL[season], palette: [...SEASON_PALETTES[season]] };
}
