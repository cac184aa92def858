/**
 * The language-model stylist (docs/ARCHITECTURE.md, "Curation engine"): an OpenAI-compatible chat
 * completions API (`POST {STYLIST_LLM_BASE_URL}/chat/completions`: a hosted model, or a self-hosted
 * vLLM or Ollama) writes each outfit's title and note from the outfit's facts only (its pieces,
 * sizes, prices, total and budget; never the member's body or name), in Korean,
 * within one time budget for the curation (STYLIST_LLM_TIMEOUT_MS) and a daily call cap across
 * processes (STYLIST_LLM_DAILY_CALLS). A note is shown only when `inventedFacts` finds nothing in
 * it; otherwise, and when the model is slow, down, capped or unreadable, the engine's template note
 * is (each case counted). Without configuration the template writes every note.
 */
import { inventedFacts, kstDateString, type StylistFacts } from '@codiroom/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { withDeadline } from '../../platform/deadline.ts';

/** One outfit to write for: its facts, the template's note and the occasion it is for. */
export type OutfitBrief = { facts: StylistFacts; template: string; occasion: string };
/** What the member reads: a title (the model's, else none) and the note, and who wrote it. */
export type OutfitWriting = { title: string | null; note: string; by: 'template' | 'model' };

const Written = z.object({
  title: z.string().trim().min(2).max(40),
  note: z.string().trim().min(10).max(400),
});

/** The instructions: the facts only, in Korean, as JSON. */
export function stylistMessages(brief: OutfitBrief): { role: 'system' | 'user'; content: string }[] {
  return [
    {
      role: 'system',
      content:
        '당신은 30~50대 직장인 남성을 돕는 패션 쇼핑몰 코디룸의 스타일리스트입니다. 아래 JSON의 사실만으로 코디 제목과 노트를 한국어로 씁니다. ' +
        'JSON에 없는 상품, 브랜드, 색상, 사이즈, 가격, 소재, 핏은 절대 쓰지 마세요. 노트는 두세 문장, 존댓말(해요체)로 씁니다. ' +
        '답은 {"title": "...", "note": "..."} 형식의 JSON 하나로만 하세요.',
    },
    {
      role: 'user',
      content: JSON.stringify({ occasion: brief.occasion, ...brief.facts, shop_brands: undefined }),
    },
  ];
}

/** A response's text, refused past `max` bytes without reading the rest (a model or proxy sending megabytes). */
async function boundedText(res: Response, max: number): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new Error('stylist model answer too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The first JSON object in a model's answer (models wrap it in prose or code fences). */
function firstObject(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
}

async function ask(ctx: AppContext, brief: OutfitBrief, signal: AbortSignal): Promise<unknown> {
  const c = ctx.config;
  const base = (c.STYLIST_LLM_BASE_URL as string).replace(/\/+$/, '');
  const res = await fetch(`${base}/chat/completions`, {
    method: 'POST',
    signal,
    headers: {
      'content-type': 'application/json',
      ...(c.STYLIST_LLM_API_KEY ? { authorization: `Bearer ${c.STYLIST_LLM_API_KEY}` } : {}),
    },
    body: JSON.stringify({
      model: c.STYLIST_LLM_MODEL,
      messages: stylistMessages(brief),
      temperature: 0.4,
      max_tokens: 400,
    }),
  });
  if (!res.ok) throw new Error(`stylist model answered ${res.status}`);
  const body = JSON.parse(await boundedText(res, 64_000)) as {
    choices?: { message?: { content?: unknown } }[];
  };
  const content = body.choices?.[0]?.message?.content;
  return typeof content === 'string' ? firstObject(content) : null;
}

/**
 * Each outfit's title and note: the model's where it answered in time with nothing invented, else
 * the template's. Never throws: a failing model leaves the template.
 */
export async function writeOutfits(
  ctx: AppContext,
  briefs: readonly OutfitBrief[],
): Promise<OutfitWriting[]> {
  const template = (b: OutfitBrief): OutfitWriting => ({ title: null, note: b.template, by: 'template' });
  if (!ctx.config.STYLIST_LLM_BASE_URL || briefs.length === 0) return briefs.map(template);
  // The cost cap, counted across processes (Redis when configured); a store that fails counts as capped.
  const key = `stylist-llm:calls:${kstDateString(ctx.clock.now())}`;
  let calls = 0;
  for (const _ of briefs) calls = await ctx.kv.incr(key, 2 * 86_400).catch(() => Number.POSITIVE_INFINITY);
  if (calls > ctx.config.STYLIST_LLM_DAILY_CALLS) {
    ctx.metrics.count('stylist_note_failed', briefs.length);
    return briefs.map(template);
  }
  const answers = await withDeadline(ctx.config.STYLIST_LLM_TIMEOUT_MS, (signal) =>
    Promise.all(
      briefs.map((b) =>
        ask(ctx, b, signal).then(
          (a) => Written.safeParse(a),
          () => null,
        ),
      ),
    ),
  );
  return briefs.map((b, i) => {
    const a = answers[i];
    if (!a?.success) {
      ctx.metrics.count('stylist_note_failed');
      return template(b);
    }
    const invented = [...inventedFacts(a.data.title, b.facts), ...inventedFacts(a.data.note, b.facts)];
    if (invented.length > 0) {
      ctx.metrics.count('stylist_note_rejected');
      return template(b);
    }
    ctx.metrics.count('stylist_note_model');
    return { title: a.data.title, note: a.data.note, by: 'model' };
  });
}
