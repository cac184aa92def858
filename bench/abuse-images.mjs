// Abuse of the image paths (docs/ARCHITECTURE.md, "Uploads"), against a server this script starts
// (the built API, apps/api/dist/server.mjs, or BENCH_SERVER_ENTRY; NODE_ENV=development for the
// SMS outbox that signs members up; a temporary DATA_DIR; a small seed), for a bounded time:
//
//   - members upload a 155 KB PNG of 1 × 39,999,000 px (within 40 megapixels; its decode took
//     6.5–10 s) as style-quiz photos, several clients in parallel, each sending its next upload
//     when the last is answered;
//   - anonymous clients ask for generated product pictures of random colours and variants
//     (`/api/images/product/TOP/<random hex>/<n>.webp`) at a fixed rate, without waiting;
//
// while three samplers each ask, one request after the other, for `/api/health` (the event loop),
// for one product picture rendered before the attack (the image path, from the cache) and for
// product pictures of the catalogue not asked for before (the image path, rendered: a shopper
// opening a product page nobody opened yet). Prints the median and p99 of each and exits 1 when the
// p99 of the first two passes ABUSE_P99_MS or that of new pictures ABUSE_RENDER_P99_MS.
//
//   npm run bench:abuse-images   (ABUSE_SECONDS=30, ABUSE_P99_MS=2000, ABUSE_RENDER_P99_MS=5000)
//
// The bounds: an idle server answers the first two in a few milliseconds and renders a picture in
// 60–200 ms. In CI it shares two cores with the attack's own clients (and, here, with other jobs):
// two seconds for the first two and five for a new picture leave an order of magnitude for a
// noisy machine (measured here under the attack, 4 runs: p99 0.07–0.25 s and 0.46–1.2 s), far
// below what main did before these fixes: a new picture waited behind the PNG's 6.5–10 s decodes,
// and the sampler's 20 s timeout cut most of them.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchGuestId, startServer } from './server.mjs';
import { tallPng } from './tall-png.mjs';

const SECONDS = Math.min(40, Number(process.env.ABUSE_SECONDS ?? 30));
const P99_MS = Number(process.env.ABUSE_P99_MS ?? 2000);
const RENDER_P99_MS = Number(process.env.ABUSE_RENDER_P99_MS ?? 5000);
const MEMBERS = 4;
const UPLOADERS_PER_MEMBER = 2;
/** Random picture URLs a second (the issue saw image p99 of 3–7 s at 30–40). */
const RANDOM_URLS_PER_S = 40;
/** Random picture requests in flight at most (the attack stays bounded). */
const RANDOM_URLS_IN_FLIGHT = 400;
const SAMPLE_GAP_MS = 50;
/** A sample that takes longer is cut and counted at this time. */
const SAMPLE_TIMEOUT_MS = 20_000;

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function signUp(base, i) {
  const phone = `0109${String(Date.now() % 10_000).padStart(4, '0')}${String(i).padStart(3, '0')}`.slice(
    0,
    11,
  );
  const json = { 'content-type': 'application/json', 'x-guest-user-id': benchGuestId() };
  const sent = await fetch(`${base}/api/users/send-sms`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ phone }),
  });
  if (!sent.ok) throw new Error(`send-sms: ${sent.status} ${await sent.text()}`);
  const { code } = await (await fetch(`${base}/api/dev/sms-outbox?phone=${phone}`)).json();
  const res = await fetch(`${base}/api/users/sign-up`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      phone,
      code,
      password: 'abuse-bench-1234',
      user_name: `벤치${i}`,
      agree_terms: true,
      agree_privacy: true,
      agree_age: true,
    }),
  });
  const body = await res.json();
  const access = body.access ?? body.token?.access ?? body.tokens?.access;
  if (!res.ok || !access) throw new Error(`sign-up: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return access;
}

/**
 * Asks `url` (or `url()`, a new one each time) one request after the other until `until`,
 * recording each answer's milliseconds.
 */
async function sample(url, until) {
  const times = [];
  const statuses = {};
  while (performance.now() < until) {
    const t0 = performance.now();
    try {
      const res = await fetch(typeof url === 'function' ? url() : url, {
        signal: AbortSignal.timeout(SAMPLE_TIMEOUT_MS),
      });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    } catch {
      statuses.timeout = (statuses.timeout ?? 0) + 1;
    }
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, SAMPLE_GAP_MS));
  }
  return { times: times.sort((a, b) => a - b), statuses };
}

const port = Number(process.env.ABUSE_PORT ?? (await freePort()));
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'codiroom-abuse-images-'));
const server = await startServer({
  port,
  env: {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    SEED_PRODUCTS: '60',
    // No SMS provider: the dev outbox answers the codes.
    SOLAPI_API_KEY: undefined,
    SOLAPI_API_SECRET: undefined,
    SOLAPI_SENDER: undefined,
    SOLAPI_BASE_URL: undefined,
  },
});
let failed = false;
try {
  const tokens = [];
  for (let i = 0; i < MEMBERS; i++) tokens.push(await signUp(base, i));
  const detail = await (await fetch(`${base}/api/products/detail/1`)).text();
  const picture = /\/api\/images\/product\/[A-Z]+\/[0-9a-f]{6}\/\d+\.webp/.exec(detail)?.[0];
  if (!picture) throw new Error(`no product picture in /api/products/detail/1: ${detail.slice(0, 200)}`);
  // Every drawing of every colourway of the first products: pictures nobody asked for yet.
  const colourways = new Set();
  for (let id = 1; id <= 30; id++) {
    const text = await (await fetch(`${base}/api/products/detail/${id}`)).text();
    for (const m of text.matchAll(/\/api\/images\/product\/([A-Z]+\/[0-9a-f]{6})\//g)) colourways.add(m[1]);
  }
  const fresh = [...colourways]
    .flatMap((c) => Array.from({ length: 40 }, (_, n) => `${base}/api/images/product/${c}/${n}.webp`))
    .filter((url) => url !== `${base}${picture}`);
  if (fresh.length === 0) throw new Error('no product pictures in /api/products/detail/1–30');
  let nextFresh = 0;
  const freshPicture = () => fresh[nextFresh++ % fresh.length];
  const warm = await fetch(`${base}${picture}`);
  if (warm.status !== 200) throw new Error(`${picture}: ${warm.status}`);
  await warm.arrayBuffer();

  const png = tallPng(39_999_000);
  const attack = { uploads: {}, random: {} };
  const count = (kind, status) => {
    attack[kind][status] = (attack[kind][status] ?? 0) + 1;
  };
  const until = performance.now() + SECONDS * 1000;
  const uploader = async (token) => {
    while (performance.now() < until) {
      const form = new FormData();
      form.append('photo_type', 'FACE');
      form.append('photo', new Blob([png], { type: 'image/png' }), 'tall.png');
      try {
        const res = await fetch(`${base}/api/curations/style-quiz-photo`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
          signal: AbortSignal.timeout(Math.max(1, Math.ceil(until - performance.now())) + 5_000),
        });
        await res.arrayBuffer();
        count('uploads', res.status);
        // A refused client tries again after a short pause (not the Retry-After: an attacker would not wait).
        if (res.status >= 400) await new Promise((r) => setTimeout(r, 100));
      } catch {
        count('uploads', 'error');
      }
    }
  };
  const randomUrls = async () => {
    let inFlight = 0;
    const pending = [];
    while (performance.now() < until) {
      if (inFlight < RANDOM_URLS_IN_FLIGHT) {
        const hex = Math.floor(Math.random() * 0xffffff)
          .toString(16)
          .padStart(6, '0');
        inFlight += 1;
        pending.push(
          fetch(`${base}/api/images/product/TOP/${hex}/${Math.floor(Math.random() * 1000)}.webp`, {
            signal: AbortSignal.timeout(Math.max(1, Math.ceil(until - performance.now())) + 5_000),
          })
            .then(async (res) => {
              await res.arrayBuffer();
              count('random', res.status);
            })
            .catch(() => count('random', 'error'))
            .finally(() => {
              inFlight -= 1;
            }),
        );
      }
      await new Promise((r) => setTimeout(r, 1000 / RANDOM_URLS_PER_S));
    }
    await Promise.all(pending);
  };
  const [health, image, rendered] = await Promise.all([
    sample(`${base}/api/health`, until),
    sample(`${base}${picture}`, until),
    sample(freshPicture, until),
    ...tokens.flatMap((t) => Array.from({ length: UPLOADERS_PER_MEMBER }, () => uploader(t))),
    randomUrls(),
  ]);
  const line = (name, s) => {
    const p50 = quantile(s.times, 0.5);
    const p99 = quantile(s.times, 0.99);
    console.log(
      `${name.padEnd(16)} n=${s.times.length} median=${p50.toFixed(1)} ms p99=${p99.toFixed(1)} ms max=${(s.times.at(-1) ?? NaN).toFixed(1)} ms statuses=${JSON.stringify(s.statuses)}`,
    );
    return p99;
  };
  console.log(
    `abuse-images: ${SECONDS} s, ${MEMBERS * UPLOADERS_PER_MEMBER} uploaders, ${RANDOM_URLS_PER_S} random picture URLs/s`,
  );
  console.log(
    `attack answers: uploads ${JSON.stringify(attack.uploads)}, random pictures ${JSON.stringify(attack.random)}`,
  );
  const worst = Math.max(line('/api/health', health), line('cached picture', image));
  const renderP99 = line('new picture', rendered);
  console.log(`(${fresh.length} catalogue pictures to ask for, ${nextFresh} asked)`);
  if (!(worst <= P99_MS) || !(renderP99 <= RENDER_P99_MS)) {
    console.log(`FAIL: p99 over ${P99_MS} ms (health, cached picture) or ${RENDER_P99_MS} ms (new picture)`);
    failed = true;
  } else
    console.log(`ok: p99 within ${P99_MS} ms (health, cached picture) and ${RENDER_P99_MS} ms (new picture)`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
