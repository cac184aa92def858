/**
 * A time limit that ends with its work (platform/deadline.ts): it aborts after its time with a
 * TimeoutError, or with its parent's reason, and once ended it never aborts and holds nothing.
 */
import { describe, expect, it } from 'vitest';
import { deadline, withDeadline } from '../src/platform/deadline.ts';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('deadline', () => {
  it('aborts after its time with a TimeoutError, as AbortSignal.timeout does', async () => {
    const d = deadline(20);
    expect(d.signal.aborted).toBe(false);
    await wait(40);
    expect(d.signal.aborted).toBe(true);
    expect((d.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it("aborts with its parent's reason, also when the parent had already aborted", () => {
    const parent = new AbortController();
    const d = deadline(60_000, parent.signal);
    parent.abort(new Error('budget spent'));
    expect(d.signal.aborted).toBe(true);
    expect((d.signal.reason as Error).message).toBe('budget spent');
    d.end();
    expect(deadline(60_000, parent.signal).signal.reason).toBe(parent.signal.reason);
  });

  it('once ended, neither its time nor its parent aborts it', async () => {
    const parent = new AbortController();
    const d = deadline(20, parent.signal);
    d.end();
    parent.abort();
    await wait(40);
    expect(d.signal.aborted).toBe(false);
  });

  it('withDeadline ends it when the work settles, answered or failed', async () => {
    let seen: AbortSignal | null = null;
    expect(
      await withDeadline(20, async (signal) => {
        seen = signal;
        return 'done';
      }),
    ).toBe('done');
    await expect(
      withDeadline(20, async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await wait(40);
    expect((seen as AbortSignal | null)?.aborted).toBe(false);
  });
});
