import { describe, expect, it } from 'vitest';
import { SHOE_SIZE_COOKIE, shoeSizeFrom } from '../app/reviews/ShoeSizeAdvice';

describe('the usual shoe size the shoe advice answers with', () => {
  const url = (q = '') => new URL(`https://codiroom.test/product/7${q}`);
  it('the form (?shoe_size=) before the saved cookie', () => {
    expect(shoeSizeFrom(`${SHOE_SIZE_COOKIE}=265`, url('?shoe_size=270'))).toBe('270');
    expect(shoeSizeFrom(`a=1; ${SHOE_SIZE_COOKIE}=265`, url())).toBe('265');
    expect(shoeSizeFrom(null, url())).toBeNull();
  });
  it('only Korean shoe sizes in half sizes (230–300 mm)', () => {
    for (const bad of ['27', '271', '305', '225', 'abc', '270mm', ''])
      expect(shoeSizeFrom(`${SHOE_SIZE_COOKIE}=${bad}`, url(`?shoe_size=${bad}`)), bad).toBeNull();
    expect(shoeSizeFrom(null, url('?shoe_size=300'))).toBe('300');
  });
});
