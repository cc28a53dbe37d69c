/**
 * Images the server draws itself, so a fresh install has a populated login carousel and package
 * table without shipping binary files: login carousel banners and platform badges, as SVG.
 * Only proper names appear in them (product, platform and country codes), so they read
 * the same in every interface language and need no translation.
 */

const FONT = `font-family="Helvetica Neue, Arial, 'PingFang SC', sans-serif"`;

type Banner = { from: string; to: string; accent: string; title: string; subtitle: string; motif: string };

const BANNERS: Banner[] = [
  {
    from: '#1d4ed8',
    to: '#0ea5e9',
    accent: '#fbbf24',
    title: 'Seller Centre ERP',
    subtitle: 'Coupang · Shopee · Lazada',
    // a rising bar chart
    motif: [0, 1, 2, 3, 4]
      .map(
        (i) =>
          `<rect x="${470 + i * 56}" y="${400 - i * 52}" width="38" height="${60 + i * 52}" rx="6" fill="#ffffff" opacity="${0.35 + i * 0.12}"/>`,
      )
      .join(''),
  },
  {
    from: '#047857',
    to: '#10b981',
    accent: '#fde68a',
    title: '1688 · Taobao',
    subtitle: 'Alibaba · Pinduoduo',
    // stacked parcels
    motif: [
      [520, 300],
      [620, 300],
      [570, 215],
      [670, 215],
      [620, 130],
    ]
      .map(
        ([x, y]) =>
          `<rect x="${x}" y="${y}" width="90" height="80" rx="8" fill="#ffffff" opacity="0.55"/><rect x="${x! + 38}" y="${y}" width="14" height="80" fill="#fde68a" opacity="0.9"/>`,
      )
      .join(''),
  },
  {
    from: '#7c3aed',
    to: '#ec4899',
    accent: '#a7f3d0',
    title: 'KR · TH · SG · MY',
    subtitle: '',
    // a globe with routes
    motif:
      '<circle cx="620" cy="275" r="150" fill="none" stroke="#ffffff" stroke-width="8" opacity="0.6"/>' +
      '<ellipse cx="620" cy="275" rx="60" ry="150" fill="none" stroke="#ffffff" stroke-width="6" opacity="0.5"/>' +
      '<line x1="470" y1="275" x2="770" y2="275" stroke="#ffffff" stroke-width="6" opacity="0.5"/>' +
      '<path d="M500 190 Q620 120 740 200" fill="none" stroke="#a7f3d0" stroke-width="6" stroke-dasharray="14 10"/>',
  },
];

export const ADVERTISING_IMAGE_FILES = BANNERS.map((_, i) => `${i + 1}.svg`) as [string, ...string[]];

export function advertisingBanner(file: string): string | undefined {
  const index = ADVERTISING_IMAGE_FILES.indexOf(file);
  const b = BANNERS[index];
  if (!b) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="550" viewBox="0 0 800 550" preserveAspectRatio="xMidYMid slice">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.from}"/><stop offset="1" stop-color="${b.to}"/></linearGradient></defs>
<rect width="800" height="550" fill="url(#g)"/>
<circle cx="760" cy="40" r="140" fill="#ffffff" opacity="0.08"/><circle cx="60" cy="520" r="110" fill="#ffffff" opacity="0.08"/>
${b.motif}
<rect x="64" y="200" width="56" height="8" rx="4" fill="${b.accent}"/>
<text x="64" y="270" ${FONT} font-size="48" font-weight="700" fill="#ffffff">${b.title}</text>
${b.subtitle ? `<text x="64" y="320" ${FONT} font-size="26" fill="#ffffff" opacity="0.9">${b.subtitle}</text>` : ''}
</svg>`;
}

/** Platform badges: a brand-coloured tile with the platform's initial. */
const PLATFORMS: Record<string, { color: string; letter: string }> = {
  'coupang.svg': { color: '#e52528', letter: 'C' },
  'shopee.svg': { color: '#ee4d2d', letter: 'S' },
  'lazada.svg': { color: '#0f146d', letter: 'L' },
  'tiktok.svg': { color: '#111111', letter: 'T' },
};

export const PLATFORM_LOGO_FILES = Object.keys(PLATFORMS) as [string, ...string[]];

export function platformLogo(file: string): string | undefined {
  const p = PLATFORMS[file];
  if (!p) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
<rect width="64" height="64" rx="14" fill="${p.color}"/>
<text x="32" y="44" text-anchor="middle" ${FONT} font-size="34" font-weight="700" fill="#ffffff">${p.letter}</text>
</svg>`;
}
