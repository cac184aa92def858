/** A black RGB PNG one pixel wide and `height` pixels tall (bench/tall-png.mjs). */
export function tallPng(height: number): Buffer;
