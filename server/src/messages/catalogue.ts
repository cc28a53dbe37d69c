import type { TLanguage } from '@seller-centre/contract/i18n';

/** A feature's server messages: key -> text in zh, kr and th; `{name}` marks a parameter. */
export type Catalogue = Record<string, Record<TLanguage, string>>;
