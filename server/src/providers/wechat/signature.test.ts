import { describe, expect, it } from 'vitest';
import { verifyWechatSignature, wechatSignature } from './signature.ts';

// Vectors computed by hand with coreutils, following WeChat's rule (sort the three strings,
// concatenate, sha1 as hex):
//   sort(seller-token, 1700000000, abc123) -> "1700000000abc123seller-token"
//   printf %s 1700000000abc123seller-token | sha1sum -> a211245024c5bffeee67f224a9a54e8fde969b1a
//   sort(token, 1234567890, nonceX) -> "1234567890nonceXtoken"
//   printf %s 1234567890nonceXtoken | sha1sum -> 1864209a718e52b1b2ba1c657563a00e401d3b30
const VECTOR = {
  token: 'seller-token',
  timestamp: '1700000000',
  nonce: 'abc123',
  signature: 'a211245024c5bffeee67f224a9a54e8fde969b1a',
};

describe('WeChat server URL signature', () => {
  it('is sha1 of token, timestamp and nonce sorted and concatenated', () => {
    expect(wechatSignature(VECTOR.token, VECTOR.timestamp, VECTOR.nonce)).toBe(VECTOR.signature);
    expect(wechatSignature('token', '1234567890', 'nonceX')).toBe('1864209a718e52b1b2ba1c657563a00e401d3b30');
  });

  it('sorts as strings, whatever the order given', () => {
    expect(wechatSignature(VECTOR.token, VECTOR.nonce, VECTOR.timestamp)).toBe(VECTOR.signature);
  });

  it('verifies only an exact signature for that token', () => {
    const query = { signature: VECTOR.signature, timestamp: VECTOR.timestamp, nonce: VECTOR.nonce };
    expect(verifyWechatSignature(VECTOR.token, query)).toBe(true);
    expect(verifyWechatSignature(VECTOR.token, { ...query, signature: VECTOR.signature.toUpperCase() })).toBe(true);
    expect(verifyWechatSignature('other-token', query)).toBe(false);
    expect(verifyWechatSignature(VECTOR.token, { ...query, nonce: 'abc124' })).toBe(false);
    expect(verifyWechatSignature(VECTOR.token, { ...query, signature: 'zz' })).toBe(false);
    expect(verifyWechatSignature(VECTOR.token, { ...query, signature: `${VECTOR.signature.slice(0, 39)}0` })).toBe(
      false,
    );
    expect(verifyWechatSignature(VECTOR.token, { timestamp: '1', nonce: '2' })).toBe(false);
  });
});
