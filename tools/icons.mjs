// Draw the page's PNG icons (web/public/icon-192.png, icon-512.png) from web/public/icon.svg with
// resvg, for the web app manifest: `node tools/icons.mjs`. The PNGs are committed; run this again
// after changing the SVG.
import { readFileSync, writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';

const svg = readFileSync(new URL('../web/public/icon.svg', import.meta.url), 'utf8');
for (const size of [192, 512]) {
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
  const out = new URL(`../web/public/icon-${size}.png`, import.meta.url);
  writeFileSync(out, png);
  console.log(`${out.pathname} (${png.length} bytes)`);
}
