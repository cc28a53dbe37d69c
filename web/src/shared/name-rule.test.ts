import { describe, expect, it } from 'vitest';
import { lettersOrDigitsRule, visibleTextRule } from './name-rule.ts';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const check = (rule: unknown, value: unknown) =>
  (rule as { validator: Validator }).validator({}, value).then(
    () => undefined,
    (error: Error) => error.message,
  );

describe('name rules of the web forms', () => {
  it('say a name with a hidden, control or direction character is refused, as the server does', async () => {
    const rule = visibleTextRule('hidden');
    expect(await check(rule, 'Pack\u200Ber')).toBe('hidden');
    expect(await check(rule, 'Packer\u202Egnip')).toBe('hidden');
    expect(await check(rule, '仓库主管')).toBeUndefined();
    expect(await check(rule, '')).toBeUndefined();
  });

  it('read full-width letters as the letters the server stores', async () => {
    expect(await check(lettersOrDigitsRule('letters'), 'Ｏｐｓ１')).toBeUndefined();
    expect(await check(lettersOrDigitsRule('letters'), 'ops 1')).toBe('letters');
  });
});
