import { describe, expect, it } from 'vitest';
import {
  clampIndex,
  clampPan,
  clampScale,
  doubleTapScale,
  GALLERY_DOUBLE_TAP_SCALE,
  GALLERY_MAX_SCALE,
  isDoubleTap,
  pageLabel,
  pinchScale,
  swipeIndex,
} from '../app/catalog/gallery.ts';

describe('image viewer', () => {
  it('shows the page as n/count', () => {
    expect(pageLabel(0, 4)).toBe('1/4');
    expect(pageLabel(3, 4)).toBe('4/4');
    expect(pageLabel(9, 4)).toBe('4/4');
    expect(clampIndex(-1, 4)).toBe(0);
    expect(clampIndex(2, 0)).toBe(0);
  });

  it('turns the page past the swipe share, never past the ends', () => {
    expect(swipeIndex(0, -100, 390, 4)).toBe(1);
    expect(swipeIndex(1, 100, 390, 4)).toBe(0);
    expect(swipeIndex(1, -40, 390, 4)).toBe(1);
    expect(swipeIndex(3, -200, 390, 4)).toBe(3);
    expect(swipeIndex(0, 200, 390, 4)).toBe(0);
  });

  it('pinches between 1 and the maximum', () => {
    expect(pinchScale(1, 100, 200)).toBe(2);
    expect(pinchScale(2, 100, 50)).toBe(1);
    expect(pinchScale(1, 100, 1000)).toBe(GALLERY_MAX_SCALE);
    expect(pinchScale(1, 100, 10)).toBe(1);
    expect(pinchScale(1.5, 0, 10)).toBe(1.5);
    expect(clampScale(Number.NaN)).toBe(1);
  });

  it('double tap zooms in, and out again', () => {
    expect(doubleTapScale(1)).toBe(GALLERY_DOUBLE_TAP_SCALE);
    expect(doubleTapScale(1.7)).toBe(1);
    expect(isDoubleTap({ t: 0, x: 10, y: 10 }, { t: 200, x: 20, y: 15 })).toBe(true);
    expect(isDoubleTap({ t: 0, x: 10, y: 10 }, { t: 400, x: 10, y: 10 })).toBe(false);
    expect(isDoubleTap({ t: 0, x: 10, y: 10 }, { t: 100, x: 90, y: 10 })).toBe(false);
    expect(isDoubleTap(null, { t: 0, x: 0, y: 0 })).toBe(false);
  });

  it('keeps a zoomed image covering the viewer', () => {
    const size = { width: 400, height: 480 };
    expect(clampPan({ x: 500, y: -500 }, 2, size)).toEqual({ x: 200, y: -240 });
    expect(clampPan({ x: 50, y: 20 }, 2, size)).toEqual({ x: 50, y: 20 });
    expect(clampPan({ x: 50, y: 20 }, 1, size)).toEqual({ x: 0, y: 0 });
  });
});
