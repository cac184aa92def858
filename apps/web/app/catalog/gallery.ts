/**
 * The image viewer's gesture maths (SPEC.md §2 "zoom image", §3 "zoom image info"; docs/
 * ARCHITECTURE.md "Image viewer"): swipe between images, the page indicator, pinch and double-tap
 * zoom, and how far a zoomed image may be moved. Pure, so the storefront's pointer handlers stay thin.
 */

export const GALLERY_MIN_SCALE = 1;
export const GALLERY_MAX_SCALE = 4;
/** The scale a double tap zooms to (a second double tap goes back to 1). */
export const GALLERY_DOUBLE_TAP_SCALE = 2.5;
/** A swipe turns the page past this share of the viewer's width. */
export const GALLERY_SWIPE_SHARE = 0.18;
/** Two taps within this time and distance are a double tap. */
export const GALLERY_DOUBLE_TAP_MS = 300;
export const GALLERY_DOUBLE_TAP_PX = 30;

/** An index kept inside 0 … count − 1 (0 for an empty gallery). */
export function clampIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.trunc(index)));
}

/** The page indicator: "2/4". */
export function pageLabel(index: number, count: number): string {
  return `${clampIndex(index, count) + 1}/${Math.max(count, 1)}`;
}

/**
 * The image a horizontal swipe of `dx` pixels ends on: the next (dx < 0) or previous one past the
 * swipe share of the width, else the same; never past either end.
 */
export function swipeIndex(index: number, dx: number, width: number, count: number): number {
  if (width <= 0 || Math.abs(dx) < width * GALLERY_SWIPE_SHARE) return clampIndex(index, count);
  return clampIndex(index + (dx < 0 ? 1 : -1), count);
}

/** A scale kept between GALLERY_MIN_SCALE and GALLERY_MAX_SCALE. */
export function clampScale(scale: number): number {
  if (!Number.isFinite(scale)) return GALLERY_MIN_SCALE;
  return Math.min(GALLERY_MAX_SCALE, Math.max(GALLERY_MIN_SCALE, scale));
}

/** The scale of a pinch: the start scale times how much the two fingers moved apart. */
export function pinchScale(startScale: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return clampScale(startScale);
  return clampScale(startScale * (distance / startDistance));
}

/** The scale after a double tap: zoomed in from 1, back to 1 from any zoom. */
export function doubleTapScale(scale: number): number {
  return scale > GALLERY_MIN_SCALE ? GALLERY_MIN_SCALE : GALLERY_DOUBLE_TAP_SCALE;
}

/** Whether a tap at `t` (ms) and `at` follows the previous one closely enough to be a double tap. */
export function isDoubleTap(
  previous: { t: number; x: number; y: number } | null,
  tap: { t: number; x: number; y: number },
): boolean {
  if (!previous) return false;
  return (
    tap.t - previous.t <= GALLERY_DOUBLE_TAP_MS &&
    Math.hypot(tap.x - previous.x, tap.y - previous.y) <= GALLERY_DOUBLE_TAP_PX
  );
}

/**
 * A zoomed image's offset kept so its edges never come inside the viewer: at scale s an image of
 * size w may move (s − 1)·w/2 either way; unzoomed it stays put.
 */
export function clampPan(
  pan: { x: number; y: number },
  scale: number,
  size: { width: number; height: number },
): { x: number; y: number } {
  const s = clampScale(scale);
  const mx = ((s - 1) * size.width) / 2;
  const my = ((s - 1) * size.height) / 2;
  const clamp = (v: number, m: number) => (m <= 0 ? 0 : Math.min(m, Math.max(-m, v)));
  return { x: clamp(pan.x, mx), y: clamp(pan.y, my) };
}
