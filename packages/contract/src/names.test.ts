import { describe, expect, it } from 'vitest';
import { ZCreateRoleRequest } from './roles.ts';
import { hasHiddenCharacters, normaliseName, VALIDATION } from './validation.ts';

describe('names a person gives', () => {
  it('read compatibility forms as the plain characters they look like (NFKC), trimmed', () => {
    expect(normaliseName(' Ｏｐｓ１ ')).toBe('Ops1');
    expect(normaliseName('ｶﾀｶﾅ')).toBe('カタカナ');
    expect(normaliseName('운영팀')).toBe('운영팀');
    expect(normaliseName('ฝ่ายขาย')).toBe('ฝ่ายขาย');
  });

  it('find zero-width, control, bidirectional and blank-rendering characters', () => {
    const hidden = [
      '\u200B',
      '\u200C',
      '\u200D',
      '\u2060',
      '\uFEFF',
      '\u00AD',
      '\u202E',
      '\u202D',
      '\u2066',
      '\u2069',
      '\u200F',
      '\u0007',
      '\n',
      '\u2028',
      '\u3164',
      '\u115F',
    ];
    for (const c of hidden) expect(hasHiddenCharacters(`ad${c}min`), JSON.stringify(c)).toBe(true);
    for (const ok of ['admin', '仓库 主管', '운영팀', 'ฝ่ายขาย', 'Ops-1 (night)'])
      expect(hasHiddenCharacters(ok)).toBe(false);
  });

  it('are refused in the contract with the hidden-characters message, on the field', () => {
    const res = ZCreateRoleRequest.safeParse({ name: 'Ops\u202Eteam' });
    expect(res.success).toBe(false);
    expect(res.error!.issues[0]).toMatchObject({ path: ['name'], message: VALIDATION.hiddenCharacters });
    expect(ZCreateRoleRequest.parse({ name: ' Ｏｐｓ ' }).name).toBe('Ops');
  });
});
