import { createHmac, randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { SmsDeliveryError, type SmsMessage, type SmsProvider } from './provider.ts';

/**
 * Alibaba Cloud SMS (dysmsapi, API version 2017-05-25, action SendSms) over its HTTP RPC API,
 * signed with signature version 1.0 (HMAC-SHA1):
 *
 *   canonical  = sorted `percentEncode(name)=percentEncode(value)` pairs joined by `&`
 *   toSign     = METHOD + '&' + percentEncode('/') + '&' + percentEncode(canonical)
 *   Signature  = base64(HMAC-SHA1(key = AccessKeySecret + '&', toSign))
 *
 * percentEncode is RFC 3986: only A-Z a-z 0-9 - _ . ~ stay as they are.
 */

export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
}

export function stringToSign(method: 'GET' | 'POST', params: Record<string, string>): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

export function signRpcRequest(
  method: 'GET' | 'POST',
  params: Record<string, string>,
  accessKeySecret: string,
): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign(method, params), 'utf8').digest('base64');
}

export type AliyunSmsOptions = {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** A template with one variable, `${code}`. */
  templateCode: string;
  endpoint: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** Mainland numbers go as they are; others with their country code in front (dysmsapi's rule). */
export function aliyunPhoneNumber(area: string, phoneNumber: string): string {
  return area === '86' ? phoneNumber : `${area}${phoneNumber}`;
}

/** The signed form of one SendSms call (exported for tests: fixed nonce and time). */
export function buildSendSmsParams(
  options: Pick<AliyunSmsOptions, 'accessKeyId' | 'accessKeySecret' | 'signName' | 'templateCode'>,
  message: SmsMessage,
  fixed: { nonce?: string; timestamp?: string } = {},
): Record<string, string> {
  const params: Record<string, string> = {
    AccessKeyId: options.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: aliyunPhoneNumber(message.area, message.phoneNumber),
    RegionId: 'cn-hangzhou',
    SignName: options.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: fixed.nonce ?? randomUUID(),
    SignatureVersion: '1.0',
    TemplateCode: options.templateCode,
    TemplateParam: JSON.stringify({ code: message.code }),
    Timestamp: fixed.timestamp ?? new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  };
  params.Signature = signRpcRequest('POST', params, options.accessKeySecret);
  return params;
}

export function createAliyunSmsProvider(options: AliyunSmsOptions): SmsProvider {
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'aliyun',
    async send(_db: Db, message: SmsMessage) {
      const params = buildSendSmsParams(options, message);
      let body: { Code?: string; Message?: string };
      try {
        const response = await doFetch(`${options.endpoint.replace(/\/+$/, '')}/`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: Object.entries(params)
            .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
            .join('&'),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        body = (await response.json()) as typeof body;
      } catch (error) {
        throw new SmsDeliveryError(`aliyun sms unreachable: ${(error as Error).message}`, { cause: error });
      }
      if (body.Code !== 'OK') {
        throw new SmsDeliveryError(`aliyun sms refused: ${body.Code ?? 'no code'} ${body.Message ?? ''}`.trim());
      }
    },
  };
}
