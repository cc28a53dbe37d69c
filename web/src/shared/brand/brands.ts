import { appConfig } from '../app-config.ts';

/**
 * Company variants (docs/product.md): the same product under different companies, with their
 * own logo, name, copyright line and contact details; one variant is invitation-only and hides
 * the register link. Chosen by VITE_BRAND at build time, else by the host name, else the default.
 */
export type BrandId = 'seller-centre' | 'tradewind';

export type Brand = {
  id: BrandId;
  /** Translation keys: the product name and the copyright line (`{{year}}`). */
  nameKey: string;
  copyrightKey: string;
  /** Whether the login page offers registration (the link and the register page itself). */
  showRegister: boolean;
  /** The login page's contact block. Numbers and addresses are not translated. */
  contact: { phone: string; email: string; hoursKey: string };
  /** Host names that select this variant when VITE_BRAND is not set. */
  hosts: readonly RegExp[];
};

export const BRANDS: Record<BrandId, Brand> = {
  'seller-centre': {
    id: 'seller-centre',
    nameKey: 'common.productName',
    copyrightKey: 'common.copyright',
    showRegister: true,
    contact: { phone: '400-820-2026', email: 'support@sellercentre.example', hoursKey: 'common.contact.hoursWeekdays' },
    hosts: [],
  },
  tradewind: {
    id: 'tradewind',
    nameKey: 'common.brands.tradewind.name',
    copyrightKey: 'common.brands.tradewind.copyright',
    showRegister: false,
    contact: { phone: '+82 2-6000-2026', email: 'help@tradewind.example', hoursKey: 'common.contact.hoursEveryday' },
    hosts: [/(^|\.)tradewind[.-]/i, /^tradewind$/i],
  },
};

const DEFAULT_BRAND: BrandId = 'seller-centre';

function isBrandId(value: string | undefined): value is BrandId {
  return value !== undefined && Object.hasOwn(BRANDS, value);
}

/** VITE_BRAND when it names a variant, else the first variant whose host pattern matches. */
export function resolveBrand(setting: string | undefined, hostname: string): Brand {
  if (isBrandId(setting)) return BRANDS[setting];
  const byHost = Object.values(BRANDS).find((brand) => brand.hosts.some((pattern) => pattern.test(hostname)));
  return byHost ?? BRANDS[DEFAULT_BRAND];
}

export const currentBrand: Brand = resolveBrand(
  appConfig.brand,
  typeof location === 'undefined' ? '' : location.hostname,
);
