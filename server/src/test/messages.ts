import { LANGUAGES } from '@seller-centre/contract/i18n';
import { expect } from 'vitest';
import { fieldLabel } from '../platform/i18n.ts';

/**
 * A message names the field the way the form labels it (in whichever language was asked for),
 * never by its wire name: `验证码`, not `sms_code`.
 */
export function expectNamesField(msg: string, field: string): void {
  const labels = LANGUAGES.map((lang) => fieldLabel(lang, field));
  expect(
    labels.some((label) => msg.includes(label)),
    `"${msg}" should name ${field} as one of ${labels.join(' / ')}`,
  ).toBe(true);
  if (!labels.includes(field)) expect(msg).not.toContain(field);
}
