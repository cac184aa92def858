import { writeFileSync } from 'node:fs';
import { renderProductSvg } from '../src/images/svg.ts';
const specs = process.argv.slice(2); // TYPE:hex:variant
const cells = specs.map((s) => { const [t, h, v] = s.split(':'); return `<img src="data:image/svg+xml;base64,${Buffer.from(renderProductSvg(t!, h!, Number(v))).toString('base64')}" width="400">`; });
writeFileSync('/tmp/seedwork/grid.html', `<html><body style="margin:0;display:flex;flex-wrap:wrap;gap:4px;width:1220px">${cells.join('')}</body></html>`);
