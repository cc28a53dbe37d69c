import { describe, expect, it } from 'vitest';
import { reauthProof } from './reauth-proof.ts';

describe('reauthProof', () => {
  it('sends only the proof the form filled in, trimmed', () => {
    expect(reauthProof({ current_password: ' Secret123 ' })).toEqual({ current_password: 'Secret123' });
    expect(reauthProof({ sms_code: ' 123456' })).toEqual({ sms_code: '123456' });
    expect(reauthProof({ current_password: '  ', sms_code: '' })).toEqual({});
  });
});
