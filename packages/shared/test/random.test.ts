/**
 * The project's one seeded generator (src/random.ts): the seed, the demo artwork, property tests
 * and the benches draw from it; no file keeps its own copy of a generator.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/random.ts';

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'build' || name === 'results') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(tsx?|mjs|cjs|js)$/.test(name)) out.push(path);
  }
  return out;
}

describe('Rng', () => {
  it('gives the same sequence for the same seed, and another for another seed', () => {
    const a = new Rng(42);
    const b = new Rng('42');
    const c = new Rng(43);
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(xs);
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
  });
  it('forks independent streams and keeps int() within bounds', () => {
    const r = new Rng('fork');
    const f = r.fork('x');
    const g = new Rng('fork').fork('x');
    expect(f.next()).toBe(g.next());
    for (let i = 0; i < 1000; i++) {
      const n = r.int(-3, 3);
      expect(n >= -3 && n <= 3 && Number.isInteger(n)).toBe(true);
    }
  });
  it('is the only generator in the sources, tests and benches (no copied mulberry32 / xorshift)', () => {
    const root = join(import.meta.dirname, '../../..');
    const dirs = [
      'packages/shared/src',
      'packages/shared/test',
      'apps/api',
      'apps/web/app',
      'bench',
      'scripts',
    ];
    // mulberry32's increment, xorshift's shifts and an sfc32 step outside random.ts.
    const COPY = /0x6d2b79f5|mulberry32|xorshift|\bx \^= x << 13\b|\(this\.c << 21\) \| \(this\.c >>> 11\)/i;
    const offenders = dirs
      .flatMap((d) => sourceFiles(join(root, d)))
      .filter((f) => !f.endsWith(join('packages/shared/src/random.ts')) && !f.endsWith('random.test.ts'))
      .filter((f) => COPY.test(readFileSync(f, 'utf8')))
      .map((f) => f.slice(root.length + 1));
    expect(offenders).toEqual([]);
  });
});
