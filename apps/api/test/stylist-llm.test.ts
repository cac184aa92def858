/**
 * The language-model stylist (domains/curations/stylist.ts) against a local fake of an
 * OpenAI-compatible chat completions server: a note that names only the outfit is used; one with
 * invented facts (a material, a size, a price the outfit does not have) never reaches the member;
 * a slow or failing model leaves the template's note within the time budget.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { curations } from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { writeOutfits } from '../src/domains/curations/stylist.ts';
import { mutableClock } from './auth-helpers.ts';
import { QUIZ } from './curation-fixtures.ts';
import { createMember, createTestApp, type TestApp } from './helpers.ts';
import { call } from './orders-fixtures.ts';

type Piece = { name: string; brand_name: string; color_name: string };
let mode: 'good' | 'invent' | 'slow' | 'down' = 'good';
const asked: { model: string; auth: string | undefined }[] = [];
const stalls = new Set<ReturnType<typeof setTimeout>>();

/** Writes from the facts it is sent (good), adds invented ones (invent), stalls (slow) or fails (down). */
const fake: Server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    const sent = JSON.parse(body) as { model: string; messages: { role: string; content: string }[] };
    asked.push({ model: sent.model, auth: req.headers.authorization });
    if (mode === 'down') {
      res.writeHead(500).end('{"error":"overloaded"}');
      return;
    }
    const facts = JSON.parse(sent.messages.at(-1)?.content ?? '{}') as { pieces: Piece[]; total: number };
    const [a, b] = facts.pieces as [Piece, Piece];
    let note = `${a.brand_name}의 ${a.color_name} ${a.name}에 ${b.color_name} ${b.name} 조합이에요. 한 벌 ${facts.total.toLocaleString('en-US')}원이에요.`;
    if (mode === 'invent') note += ' 캐시미어 소재라 XL로 넉넉하게 입기 좋고, 지금 99,000원이에요.';
    const answer = JSON.stringify({
      choices: [
        {
          message: {
            role: 'assistant',
            content: `\`\`\`json\n${JSON.stringify({ title: '차분한 출근룩', note })}\n\`\`\``,
          },
        },
      ],
    });
    const send = () => {
      if (!res.destroyed) res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
    };
    if (mode === 'slow') stalls.add(setTimeout(send, 10_000));
    else send();
  });
});

const clock = mutableClock('2026-11-20T03:00:00Z');
let t: TestApp;

beforeAll(async () => {
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const port = (fake.address() as AddressInfo).port;
  t = await createTestApp({
    clock,
    env: {
      STYLIST_LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
      STYLIST_LLM_MODEL: 'fake-stylist',
      STYLIST_LLM_API_KEY: 'sk-test',
      STYLIST_LLM_TIMEOUT_MS: '800',
    },
  });
  await seed(t.ctx.db, { products: 120, now: clock.now() });
}, 180_000);
afterAll(async () => {
  await t?.close();
  for (const s of stalls) clearTimeout(s);
  fake.closeAllConnections();
  await new Promise((r) => fake.close(r));
});

/** A new member's first quiz (which drafts at once); the draft's note lines and the time it took. */
async function draft() {
  const m = await createMember(t.ctx);
  const started = performance.now();
  const saved = await call(t.app, 'POST', '/api/v1/curations/style-quiz', m.headers, QUIZ);
  const ms = performance.now() - started;
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const [c] = await t.ctx.db.select().from(curations).where(eq(curations.user_id, m.user.id));
  expect(c?.status).toBe('DRAFT');
  return { lines: (c?.message ?? '').split('\n'), ms };
}

describe('the language-model stylist', () => {
  it('uses a note that names only the outfit, with its title', async () => {
    mode = 'good';
    const { lines } = await draft();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(line).toMatch(/^\d번 코디 · 차분한 출근룩: .+의 .+ 조합이에요\. 한 벌 [\d,]+원이에요\.$/);
    expect(asked.at(-1)).toEqual({ model: 'fake-stylist', auth: 'Bearer sk-test' });
  });

  it('never shows a note with invented facts: the template is used', async () => {
    mode = 'invent';
    const { lines } = await draft();
    for (const line of lines) {
      expect(line).not.toContain('캐시미어');
      expect(line).not.toContain('차분한 출근룩');
      // The template's note: the pairing, the colours, the total against the budget.
      expect(line).toMatch(/^\d번 코디: .+ 한 벌 [\d,]+원으로 예산 200,000원 안이에요\.$/);
    }
  });

  it('past the daily cap the model is not asked', async () => {
    mode = 'good';
    const before = asked.length;
    const capped = { ...t.ctx, config: { ...t.ctx.config, STYLIST_LLM_DAILY_CALLS: 0 } };
    const facts = {
      pieces: [
        { name: '옥스포드 셔츠', brand_name: '스틸크래프트', color_name: '화이트', size: 'L', price: 59_000 },
      ],
      total: 59_000,
      budget_max: null,
      shop_brands: ['스틸크래프트'],
    };
    const [w] = await writeOutfits(capped, [{ facts, template: '템플릿 노트예요.', occasion: '출근룩' }]);
    expect(w).toEqual({ title: null, note: '템플릿 노트예요.', by: 'template' });
    expect(asked.length).toBe(before);
  });

  it('a slow or failing model leaves the template within the time budget', async () => {
    mode = 'slow';
    const slow = await draft();
    // The model stalls 10 s; the quiz answers within its 800 ms budget plus the drafting itself.
    expect(slow.ms).toBeLessThan(5_000);
    for (const line of slow.lines) expect(line).not.toContain('차분한 출근룩');
    mode = 'down';
    const down = await draft();
    for (const line of down.lines) expect(line).toMatch(/^\d번 코디: /);
  });
});

describe('stylist configuration', () => {
  it('the address and the model go together; the template needs nothing', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/unused' };
    expect(() => loadConfig({ ...base, STYLIST_LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      /STYLIST_LLM_BASE_URL and STYLIST_LLM_MODEL/,
    );
    expect(() => loadConfig({ ...base, STYLIST_LLM_MODEL: 'qwen2.5' })).toThrow(/STYLIST_LLM_BASE_URL/);
    const none = loadConfig(base);
    expect(none.STYLIST_LLM_BASE_URL).toBeUndefined();
    expect(none.STYLIST_LLM_TIMEOUT_MS).toBe(3_000);
  });
});
