import { DEFAULT_LANGUAGE, isLanguage, type TLanguage } from '@seller-centre/contract/i18n';
import type { FastifyRequest } from 'fastify';
import { VALIDATION } from '@seller-centre/contract/validation';
import { z } from 'zod';
import { accessMessages } from '../messages/access.ts';
import { authMessages } from '../messages/auth.ts';
import { commonMessages } from '../messages/common.ts';
import { distributionMessages } from '../messages/distribution.ts';
import { fieldLabels, validationDetails } from '../messages/fields.ts';
import { ledgerMessages } from '../messages/ledger.ts';
import { operatorMessages } from '../messages/operators.ts';
import { orderMessages } from '../messages/orders.ts';
import { uploadMessages } from '../messages/uploads.ts';
import { warehouseMoneyMessages } from '../messages/warehouse-money.ts';
import { warehouseMessages } from '../messages/warehouse.ts';
import { exportMessages } from '../messages/exports.ts';
import { thirdPartyMessages } from '../messages/third-party.ts';

/**
 * Every message the server can put in an envelope's `msg`, in every interface language. The
 * browser shows `msg` as it is (docs/product.md), so the server speaks the user's language:
 * the web client sends it as `Accept-Language` (zh, kr or th). Each feature keeps its own
 * catalogue in src/messages/.
 */
export const messages = {
  ...commonMessages,
  ...authMessages,
  ...accessMessages,
  ...operatorMessages,
  ...ledgerMessages,
  ...orderMessages,
  ...uploadMessages,
  ...warehouseMessages,
  ...warehouseMoneyMessages,
  ...distributionMessages,
  ...exportMessages,
  ...thirdPartyMessages,
} as const;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

export function translate(lang: TLanguage, key: MessageKey, params: MessageParams = {}): string {
  return messages[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The interface language of a request: the first `Accept-Language` tag we speak, else zh. */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): TLanguage {
  const header = request.headers['accept-language'];
  if (!header) return DEFAULT_LANGUAGE;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    const primary = tag.split('-')[0]!;
    if (isLanguage(primary)) return primary;
    if (primary === 'ko') return 'kr';
  }
  return DEFAULT_LANGUAGE;
}

const zodLocales = { zh: z.locales.zhCN(), kr: z.locales.ko(), th: z.locales.th() } as const;

/** A zod issue described in the user's language ("expected at least 8 characters" and so on). */
export function describeIssue(lang: TLanguage, issue: Record<string, unknown>): string {
  // A rule is said in words: zod's own words for a pattern quote the regular expression.
  if (issue.code === 'invalid_format' && issue.format === 'regex') return validationDetails[VALIDATION.format][lang];
  const localeError = zodLocales[lang].localeError as unknown as (
    issue: Record<string, unknown>,
  ) => string | { message: string } | undefined;
  const described = localeError(issue);
  if (typeof described === 'string') return described;
  return described?.message ?? String(issue.message ?? '');
}

/**
 * A field as the user knows it: the label of a wire name in the caller's language; a path
 * (`shop_auth.auth_type`, `auth_data.0.auth_type`) names each part, outermost first. A name
 * without a label is said as it is.
 */
export function fieldLabel(lang: TLanguage, field: string): string {
  return field
    .split('.')
    .filter((part) => part !== '' && !/^\d+$/.test(part))
    .map((name) => (name in fieldLabels ? fieldLabels[name as keyof typeof fieldLabels][lang] : name))
    .join(' › ');
}

/** A contract validation id (contract/validation.ts) in words, or undefined for anything else. */
export function validationDetail(lang: TLanguage, message: unknown): string | undefined {
  return typeof message === 'string' && message in validationDetails
    ? validationDetails[message as keyof typeof validationDetails][lang]
    : undefined;
}
