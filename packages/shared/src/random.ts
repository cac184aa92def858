/**
 * The one seeded pseudo-random generator of the project: the seed, the demo artwork, property tests
 * and the benches draw from it (never from a copy), so a seed number means the same sequence
 * everywhere.
 *
 * sfc32 (Chris Doty-Humphrey's Small Fast Chaotic generator, 32-bit) seeded from a string through
 * a murmur-style hash. Everything the seed makes draws from an `Rng`; nothing calls Math.random()
 * or Date.now(), so the same options always give the same rows. `fork(label)` derives an
 * independent stream, so adding draws to one stage does not shift the numbers of another.
 */

/** 32-bit string hash (cyrb53's mixing, reduced to 32 bits), stable across runs and platforms. */
export function hashString(input: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < input.length; i++) {
    const ch = input.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string | number) {
    const s = String(seed);
    this.a = hashString(s, 1);
    this.b = hashString(s, 2);
    this.c = hashString(s, 3);
    this.d = hashString(s, 4);
    // Warm up so that similar seeds diverge.
    for (let i = 0; i < 15; i++) this.nextUint32();
  }

  /** Next raw 32-bit unsigned integer. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** An independent generator for a named sub-stream. */
  fork(label: string): Rng {
    return new Rng(`${this.nextUint32()}:${label}`);
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    if (max < min) throw new RangeError(`int(${min}, ${max})`);
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** true with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** A uniformly chosen element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty array');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** An element chosen with probability proportional to its weight. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    if (items.length === 0 || items.length !== weights.length) {
      throw new RangeError('weighted: items and weights must be non-empty and of equal length');
    }
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i] as number;
      if (r < 0) return items[i] as T;
    }
    return items[items.length - 1] as T;
  }

  /** weighted() over [item, weight] pairs. */
  weightedPick<T>(pairs: readonly (readonly [T, number])[]): T {
    return this.weighted(
      pairs.map((p) => p[0]),
      pairs.map((p) => p[1]),
    );
  }

  /** Fisher–Yates shuffle in place; returns the same array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }

  /** k distinct elements in random order (k is clamped to the array length). */
  sample<T>(items: readonly T[], k: number): T[] {
    return this.sampleIndices(items.length, k).map((i) => items[i] as T);
  }

  /**
   * k distinct integers from [0, n). Rejection sampling while k is small next to n, a partial
   * Fisher–Yates otherwise, so both "3 of 20,000" and "250 of 300" stay cheap.
   */
  sampleIndices(n: number, k: number): number[] {
    const count = Math.max(0, Math.min(k, n));
    if (count === 0) return [];
    if (count * 4 <= n) {
      const seen = new Set<number>();
      const out: number[] = [];
      while (out.length < count) {
        const i = Math.floor(this.next() * n);
        if (!seen.has(i)) {
          seen.add(i);
          out.push(i);
        }
      }
      return out;
    }
    const all = Array.from({ length: n }, (_, i) => i);
    for (let i = 0; i < count; i++) {
      const j = i + Math.floor(this.next() * (n - i));
      const tmp = all[i] as number;
      all[i] = all[j] as number;
      all[j] = tmp;
    }
    return all.slice(0, count);
  }

  /** Standard normal variate (Box–Muller). */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next(); // (0, 1]
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Normal variate clamped to [min, max]. */
  normalInt(mean: number, sd: number, min: number, max: number): number {
    return Math.min(max, Math.max(min, Math.round(this.normal(mean, sd))));
  }

  /** Poisson variate (Knuth for small means, normal approximation for large ones). */
  poisson(mean: number): number {
    if (mean <= 0) return 0;
    if (mean > 40) return Math.max(0, Math.round(this.normal(mean, Math.sqrt(mean))));
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }

  /** A timestamp uniformly between two instants. */
  dateBetween(from: Date, to: Date): Date {
    const a = from.getTime();
    const b = to.getTime();
    return new Date(a + Math.floor(this.next() * Math.max(0, b - a)));
  }
}
