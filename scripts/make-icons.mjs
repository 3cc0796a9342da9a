// Draws the installable app's icons (web/public/icons/*.png) from the logo's SVG with sharp: 192 and 512 px for
// "any" (the cloud on a rounded tile), a 512 px maskable one (full-bleed background, the cloud inside the 80% safe
// zone) and the 180 px Apple touch icon. The PNGs are committed; run `node scripts/make-icons.mjs` after a logo change.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const OUT = fileURLToPath(new URL("../web/public/icons/", import.meta.url));

/** The cloud and spark of web/public/favicon.svg (a 32-unit box), drawn at `scale` around (cx, cy). */
function cloud(scale, cx, cy) {
  return `<g transform="translate(${cx - 16.5 * scale} ${cy - 16 * scale}) scale(${scale})">
    <path d="M9.5 25h14a6 6 0 0 0 1-11.9A8 8 0 0 0 9.3 11.3 7 7 0 0 0 9.5 25Z" fill="#fff"/>
    <path d="M16 13.2l1 2.3 2.3 1-2.3 1-1 2.3-1-2.3-2.3-1 2.3-1 1-2.3Z" fill="url(#g)"/>
  </g>`;
}

/** A square icon of `size` px: the brand gradient as a tile (rounded for "any", full-bleed for maskable). */
function icon(size, { maskable = false } = {}) {
  const radius = maskable ? 0 : size * 0.22;
  // A maskable icon's content must sit in the central 80% circle; the cloud spans ~0.55 of the side there.
  const scale = (size * (maskable ? 0.5 : 0.62)) / 20;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f8cff"/><stop offset="1" stop-color="#a25cff"/></linearGradient></defs>
    <rect width="${size}" height="${size}" rx="${radius}" fill="url(#g)"/>
    ${cloud(scale, size / 2, size / 2)}
  </svg>`);
}

mkdirSync(OUT, { recursive: true });
const jobs = [
  ["icon-192.png", icon(192)],
  ["icon-512.png", icon(512)],
  ["icon-maskable-512.png", icon(512, { maskable: true })],
  ["apple-touch-icon.png", icon(180, { maskable: true })],
];
for (const [name, svg] of jobs) {
  await sharp(svg).png({ compressionLevel: 9, palette: true }).toFile(`${OUT}${name}`);
  console.log(`web/public/icons/${name}`);
}
