// `node scripts/pwa-icons.ts`: the web app manifest's PNG icons (public/icons/), drawn from the
// logo in public/favicon.svg with sharp (already a dependency of the server; no network). Run it
// again after the logo changes and commit the PNGs: the manifest (src/pwa/manifest.ts) names them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const ROOT = join(import.meta.dirname, '..');
const LOGO = readFileSync(join(ROOT, 'public/favicon.svg'), 'utf8');

/**
 * A maskable icon is cropped by the platform to any shape inside its centre circle (80 % of the
 * side): the logo's gradient fills the whole square and its "M" is drawn inside that safe zone.
 */
function maskableSvg(): string {
  const gradient = /<defs>.*<\/defs>/.exec(LOGO)?.[0] ?? '';
  const mark = /<path [^>]*\/>/.exec(LOGO)?.[0] ?? '';
  // The logo's 32-unit box, its mark scaled to 60 % around the centre.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${gradient}<rect width="32" height="32" fill="url(#g)"/><g transform="translate(6.4 6.4) scale(0.6)">${mark}</g></svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: LOGO },
  { file: 'icon-512.png', size: 512, svg: LOGO },
  { file: 'icon-maskable-512.png', size: 512, svg: maskableSvg() },
];

for (const icon of ICONS) {
  const out = join(ROOT, 'public/icons', icon.file);
  await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(out);
  console.log(`${out} (${icon.size}×${icon.size})`);
}
