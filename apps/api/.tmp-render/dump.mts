import { writeFileSync, mkdirSync } from 'node:fs';
import { renderProductSvg, SILHOUETTES } from '../src/images/svg.ts';
mkdirSync('/tmp/seedwork/svgs', { recursive: true });
for (const [type, sils] of Object.entries(SILHOUETTES)) sils.forEach((_, s) => { for (const v of [0,1,2,3]) writeFileSync(`/tmp/seedwork/svgs/${type}-${s}-${v}.svg`, renderProductSvg(type, '1f2a44', s + 10 * v)); });
