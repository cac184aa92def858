import type { CSSProperties } from 'react';

/**
 * Inline CSS custom properties for values that come from data at run time (a colour swatch
 * from product data); the module stylesheet reads them with var(). Everything static lives in
 * CSS Modules.
 */
export function cssVars(vars: Record<`--${string}`, string | number | undefined>): CSSProperties {
  return vars as CSSProperties;
}
