/**
 * The wire schemas of the content forms (SPEC.md "Contents"); the forms' rules are in
 * content-forms.ts, which the storefront's pages import without zod.
 */
import { z } from 'zod';
import { CONTENT_FORMS } from './content-forms.ts';

// ───────────────────────────── bodies ─────────────────────────────

const Int = z.number().int();
export const AnswerValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

/** The results of one question of a form, as the caller sees them. */
export const AnswerResult = z.object({
  form: z.enum(CONTENT_FORMS),
  subject_id: Int,
  question_id: Int,
  /** How many members and guests answered. */
  total: Int,
  options: z.array(z.object({ value: z.string(), count: Int, percent: Int })),
  /** The caller's answer, or null when they have not answered. */
  my_answer: AnswerValue.nullable(),
  /** Whether the caller's quiz answer is right; null when not known (or not answered). */
  is_correct: z.boolean().nullable(),
  /** A quiz's right option, shown once the caller has answered; otherwise null. */
  correct_answer: z.string().nullable(),
});
export type AnswerResult = z.infer<typeof AnswerResult>;

/** What a content form call answers: the stored row's id and the results it updated. */
export const FormAck = z.object({ result: z.literal('SUCCESS'), id: Int, results: z.array(AnswerResult) });
export type FormAck = z.infer<typeof FormAck>;
export const FormResults = z.object({ results: z.array(AnswerResult) });
export type FormResults = z.infer<typeof FormResults>;
