import { LAYOUT, TYPE_SCALE } from '@codiroom/shared';

/** SPEC.md §9 layout constants and type scale as CSS custom properties (one source: shared). */
export function designTokensCss(): string {
  const vars: string[] = [
    `--layout-max-width:${LAYOUT.maxWidth}px`,
    `--bottom-bar-height:${LAYOUT.bottomBarHeightRem}rem`,
    `--header-height:${LAYOUT.headerHeight}px`,
    `--navigation-height:${LAYOUT.navigationHeight}px`,
    `--fixed-top-ui-height:${LAYOUT.fixedTopUiHeight}px`,
    `--bottom-sheet-header-height:${LAYOUT.bottomSheetHeaderHeight}px`,
  ];
  for (const [name, t] of Object.entries(TYPE_SCALE)) {
    const key = name.toLowerCase().replace('_', '-');
    vars.push(`--font-${key}:${t.weight} ${t.size}px/${t.lineHeight} var(--font-family)`);
  }
  return `:root{${vars.join(';')}}`;
}
