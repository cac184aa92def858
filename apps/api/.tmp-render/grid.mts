import { writeFileSync } from 'node:fs';
import { renderProductSvg, renderStyleSvg, renderReviewSvg, renderBannerSvg, renderBrandLogoSvg, SILHOUETTES } from '../src/images/svg.ts';
const mode = process.argv[2] ?? 'products';
const views = (process.argv[3] ?? '0').split(',').map(Number);
const colors = (process.argv[4] ?? '1f2a44,f5f5f2,b5864f').split(',');
let cells: string[] = [];
const img = (svg: string, w: number) => `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${w}">`;
if (mode === 'products') {
  for (const [type, sils] of Object.entries(SILHOUETTES)) {
    sils.forEach((_, s) => { for (const v of views) for (const c of colors) cells.push(img(renderProductSvg(type, c, s + 10 * v), 150)); });
  }
} else if (mode === 'type') {
  const type = process.argv[5]!;
  SILHOUETTES[type as 'TOP'].forEach((_, s) => { for (const v of views) for (const c of colors) cells.push(img(renderProductSvg(type, c, s + 10 * v), 200)); });
} else {
  for (let i = 1; i <= 4; i++) cells.push(img(renderStyleSvg(i), 200));
  for (let i = 1; i <= 4; i++) cells.push(img(renderReviewSvg(i), 200));
  cells.push(img(renderBannerSvg(1, '가을 아우터 페스티벌 최대 50%'), 320));
  cells.push(img(renderBannerSvg(2), 320));
  cells.push(img(renderBannerSvg(3, '출근룩 완성 기획전'), 320));
  for (const n of ['어반테일러', 'URBAN TAILOR', "TWELVE O'CLOCK", '코너스톤 슈메이커', 'CORNERSTONE SHOEMAKER', 'LUCENT OPTICAL']) cells.push(img(renderBrandLogoSvg(n), 120));
}
writeFileSync('/tmp/seedwork/grid.html', `<html><body style="margin:0;background:#fff;display:flex;flex-wrap:wrap;gap:4px;width:${process.argv[6] ?? 1400}px">${cells.join('')}</body></html>`);
