import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  aliyunPhoneNumber,
  buildSendSmsParams,
  canonicalQuery,
  createAliyunSmsProvider,
  percentEncode,
  signRpcRequest,
  stringToSign,
} from './aliyun.ts';
import { SmsDeliveryError } from './provider.ts';

// The worked example of Alibaba Cloud's SMS documentation ("signature mechanism"): these
// parameters, AccessKeySecret "testSecret", GET, give the signature below.
const DOC_PARAMS = {
  AccessKeyId: 'testId',
  Action: 'SendSms',
  Format: 'XML',
  OutId: '123',
  PhoneNumbers: '15300000001',
  RegionId: 'cn-hangzhou',
  SignName: '阿里云短信测试专用',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
  SignatureVersion: '1.0',
  TemplateCode: 'SMS_71390007',
  TemplateParam: '{"customer":"test"}',
  Timestamp: '2017-07-12T02:42:19Z',
  Version: '2017-05-25',
};

describe('Alibaba Cloud RPC signature (v1.0, HMAC-SHA1)', () => {
  it('percent-encodes by RFC 3986', () => {
    expect(percentEncode('a b')).toBe('a%20b');
    expect(percentEncode('*')).toBe('%2A');
    expect(percentEncode('~-_.')).toBe('~-_.');
    expect(percentEncode("!'()")).toBe('%21%27%28%29');
    expect(percentEncode('+/=')).toBe('%2B%2F%3D');
    expect(percentEncode('短')).toBe('%E7%9F%AD');
  });

  it('sorts the parameters and leaves any Signature out of the canonical string', () => {
    expect(canonicalQuery({ b: '2', a: '1 x', Signature: 'old' })).toBe('a=1%20x&b=2');
  });

  it("reproduces the documentation's string to sign and signature", () => {
    expect(stringToSign('GET', DOC_PARAMS)).toBe(
      'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123%26PhoneNumbers%3D15300000001' +
        '%26RegionId%3Dcn-hangzhou%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1' +
        '%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8%26SignatureMethod%3DHMAC-SHA1' +
        '%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007' +
        '%26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D%26Timestamp%3D2017-07-12T02%253A42%253A19Z' +
        '%26Version%3D2017-05-25',
    );
    expect(signRpcRequest('GET', DOC_PARAMS, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('signs the method it sends with (POST) and keys the HMAC with secret + "&"', () => {
    const expected = createHmac('sha1', 'testSecret&').update(stringToSign('POST', DOC_PARAMS)).digest('base64');
    expect(signRpcRequest('POST', DOC_PARAMS, 'testSecret')).toBe(expected);
    expect(expected).not.toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });
});

describe('SendSms request', () => {
  const options = { accessKeyId: 'id1', accessKeySecret: 'secret1', signName: 'Seller', templateCode: 'SMS_1' };
  const message = { area: '66', phoneNumber: '812345678', type: 'login:' as const, code: '012345' };

  it('carries the code as the template parameter, the number with its country code, and a valid signature', () => {
    const params = buildSendSmsParams(options, message, { nonce: 'n-1', timestamp: '2026-01-02T03:04:05Z' });
    expect(params).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      PhoneNumbers: '66812345678',
      SignName: 'Seller',
      TemplateCode: 'SMS_1',
      TemplateParam: '{"code":"012345"}',
      SignatureNonce: 'n-1',
      Timestamp: '2026-01-02T03:04:05Z',
    });
    expect(params.Signature).toBe(signRpcRequest('POST', params, 'secret1'));
    expect(aliyunPhoneNumber('86', '13800138000')).toBe('13800138000');
  });

  it('uses a fresh nonce and a second-precision UTC timestamp by default', () => {
    const a = buildSendSmsParams(options, message);
    const b = buildSendSmsParams(options, message);
    expect(a.SignatureNonce).not.toBe(b.SignatureNonce);
    expect(a.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('posts the signed form and resolves on Code OK', async () => {
    let seen: { url: string; body: string } | undefined;
    const provider = createAliyunSmsProvider({
      ...options,
      endpoint: 'https://sms.example.test/',
      fetch: (async (url: string, init: RequestInit) => {
        seen = { url, body: String(init.body) };
        return new Response(JSON.stringify({ Code: 'OK', BizId: '1' }), {
          headers: { 'content-type': 'application/json' },
        });
      }) as typeof fetch,
    });
    await provider.send({} as never, message);
    expect(seen!.url).toBe('https://sms.example.test/');
    const form = new URLSearchParams(seen!.body);
    const params = Object.fromEntries(form.entries());
    expect(params.TemplateParam).toBe('{"code":"012345"}');
    expect(params.Signature).toBe(signRpcRequest('POST', params, 'secret1'));
  });

  it('turns a refusal or an unreachable service into SmsDeliveryError', async () => {
    const refusing = createAliyunSmsProvider({
      ...options,
      endpoint: 'https://sms.example.test',
      fetch: (async () =>
        new Response(
          JSON.stringify({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limit' }),
        )) as unknown as typeof fetch,
    });
    await expect(refusing.send({} as never, message)).rejects.toBeInstanceOf(SmsDeliveryError);
    const down = createAliyunSmsProvider({
      ...options,
      endpoint: 'https://sms.example.test',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as unknown as typeof fetch,
    });
    await expect(down.send({} as never, message)).rejects.toThrow(/unreachable/);
  });
});
