import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The signature WeChat puts on every call to an official account's server URL:
 * sha1 (hex) of token, timestamp and nonce, sorted as strings and concatenated.
 */
export function wechatSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join(''), 'utf8').digest('hex');
}

export function verifyWechatSignature(
  token: string,
  query: { signature?: string | undefined; timestamp?: string | undefined; nonce?: string | undefined },
): boolean {
  const { signature, timestamp, nonce } = query;
  if (!signature || !timestamp || !nonce || !/^[0-9a-f]{40}$/i.test(signature)) return false;
  const expected = Buffer.from(wechatSignature(token, timestamp, nonce), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}
