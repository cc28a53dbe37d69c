import { WMS_SERVICES } from '@seller-centre/contract/warehouse';
import { AppError } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { soapFault, soapResponse, startFakeEccang, type FakeEccang } from '../../test/fake-eccang.ts';
import {
  buildCallServiceEnvelope,
  callEccang,
  eccangData,
  eccangEndpoint,
  eccangLanguage,
  eccangTimeoutFor,
  createEccangWarehouseProvider,
  EccangError,
  eccangErrorToAppError,
  eccangMoney,
  parseCallServiceResponse,
} from './eccang.ts';

// Answers in the shape ECCANG's callService returns them: `ask`, `message`, and the data
// beside them (lists: `data` rows with `count` as a string).
const BALANCE = { ask: 'Success', message: '', data: { cb_value: '1234.560', cb_credit_line: '5000.000', currency_code: 'RMB' } };
const FLOW_PAGE = {
  ask: 'Success',
  message: 'Success',
  data: [
    { cbl_id: '88', reference_no: 'R1', cbl_transaction_value: '-12.500', cbl_current_value: '1222.060', ft_name_cn: '仓租', cbl_add_time: '2026-11-20 10:00:00' },
    { cbl_id: '87', reference_no: 'R0', cbl_transaction_value: '100.000', cbl_current_value: '1234.560', ft_name_cn: '充值', cbl_add_time: '2026-11-19 09:00:00' },
  ],
  count: '42',
  nextPage: 'true',
};

let fake: FakeEccang;
beforeAll(async () => {
  fake = await startFakeEccang();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.calls.length = 0;
  fake.answers.clear();
});

const settings = () => ({ endpoint: fake.endpoint, appToken: fake.appToken, appKey: fake.appKey });

async function failure(promise: Promise<unknown>): Promise<EccangError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EccangError);
  return error as EccangError;
}

describe('ECCANG callService envelope', () => {
  it('sends paramsJson, appToken, appKey, service and language in ns1:callService, as text/xml', async () => {
    fake.answers.set('getCostWaterAndOrder', FLOW_PAGE);
    const params = { page: 1, pageSize: 20, search_code: 'A&B <1>', platform: ['amazon'] };
    await callEccang(settings(), 'getCostWaterAndOrder', params, { language: 'en_US' });
    expect(fake.calls).toHaveLength(1);
    const call = fake.calls[0]!;
    expect(call.service).toBe('getCostWaterAndOrder');
    expect(call.appToken).toBe(fake.appToken);
    expect(call.appKey).toBe(fake.appKey);
    expect(call.language).toBe('en_US');
    // The parameters arrive as the same JSON, characters XML holds special included.
    expect(call.params).toEqual(params);
    expect(call.contentType).toMatch(/^text\/xml/);
  });

  it('escapes credentials so a stray & or < cannot break the envelope', () => {
    const xml = buildCallServiceEnvelope({ appToken: 't&<k', appKey: 'k"' }, 'getBalance', {}, 'zh_CN');
    expect(xml).toContain('<appToken>t&amp;&lt;k</appToken>');
    expect(xml).toContain('<appKey>k&quot;</appKey>');
    expect(xml).toContain('<paramsJson>{}</paramsJson>');
  });
});

describe('ECCANG answers', () => {
  it('answers the data of a Success', async () => {
    fake.answers.set('getBalance', BALANCE);
    const answer = await callEccang(settings(), 'getBalance', {});
    expect(eccangData(answer)).toEqual(BALANCE.data);
  });

  it('turns a list answer into {total, data} with the count as a number', async () => {
    fake.answers.set('getCostWaterAndOrder', FLOW_PAGE);
    const answer = await callEccang(settings(), 'getCostWaterAndOrder', { page: 1, pageSize: 20 });
    expect(eccangData(answer)).toEqual({ total: 42, data: FLOW_PAGE.data });
  });

  it('a Failure is refused with ECCANG’s own message and code', async () => {
    fake.answers.set('quotaApply', {
      ask: 'Failure',
      message: 'Fail.',
      Error: { errCode: '50012', errMessage: '生效时间必须大于当前时间' },
    });
    const error = await failure(callEccang(settings(), 'quotaApply', { creditLine: 100 }));
    expect(error.kind).toBe('refused');
    expect(error.providerMessage).toBe('生效时间必须大于当前时间');
    expect(error.providerCode).toBe('50012');
  });

  it('a Failure with only a message still says it', async () => {
    fake.answers.set('discardPayment', { ask: 'Failure', message: '状态不允许作废' });
    const error = await failure(callEccang(settings(), 'discardPayment', { noteIDs: [1] }));
    expect(error.kind).toBe('refused');
    expect(error.providerMessage).toBe('状态不允许作废');
  });

  it('wrong credentials come back as a SOAP Fault, not as data', async () => {
    fake.answers.set('getBalance', BALANCE);
    const error = await failure(callEccang({ ...settings(), appKey: 'stolen' }, 'getBalance', {}));
    expect(error.kind).toBe('fault');
    expect(error.providerMessage).toBe('appToken or appKey invalid');
  });

  it('an HTTP error page, a non-JSON response and an answer with no ask are failures of the provider', async () => {
    fake.answers.set('getBalance', { raw: { status: 502, body: '<html>Bad Gateway</html>' } });
    expect((await failure(callEccang(settings(), 'getBalance', {}))).kind).toBe('http');

    fake.answers.set('getBalance', { raw: { status: 200, body: soapResponse('not json') } });
    expect((await failure(callEccang(settings(), 'getBalance', {}))).kind).toBe('malformed');

    fake.answers.set('getBalance', { data: { cb_value: '1' } });
    expect((await failure(callEccang(settings(), 'getBalance', {}))).kind).toBe('malformed');

    fake.answers.set('getBalance', { raw: { status: 200, body: '<html><body>maintenance</body></html>' } });
    expect((await failure(callEccang(settings(), 'getBalance', {}))).kind).toBe('malformed');
  });

  it('a slow provider is cut off at the time limit', async () => {
    fake.answers.set('getBalance', { raw: { status: 200, body: soapResponse(JSON.stringify(BALANCE)), delayMs: 2_000 } });
    const started = Date.now();
    const error = await failure(callEccang(settings(), 'getBalance', {}, { timeoutMs: 200 }));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('an endpoint nobody listens on is unreachable', async () => {
    const error = await failure(
      callEccang({ ...settings(), endpoint: 'http://127.0.0.1:9/default/svc/web-service' }, 'getBalance', {}),
    );
    expect(error.kind).toBe('unreachable');
  });

  it('refuses a DOCTYPE (no entity expansion) and reads a CDATA payload', () => {
    expect(() =>
      parseCallServiceResponse('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'),
    ).toThrow(EccangError);
    const cdata = soapResponse('').replace('<response></response>', '<response><![CDATA[{"ask":"Success","data":{"a":"<1>"}}]]></response>');
    expect(parseCallServiceResponse(cdata)).toEqual({ ask: 'Success', data: { a: '<1>' } });
    expect(() => parseCallServiceResponse(soapFault('Server busy'))).toThrow(/Server busy/);
  });
});

describe('ECCANG settings', () => {
  it('a bare host gets the web-service path; a full URL stays', () => {
    expect(eccangEndpoint('oms.example.com')).toBe('https://oms.example.com/default/svc/web-service');
    expect(eccangEndpoint('http://oms.example.com/')).toBe('http://oms.example.com/default/svc/web-service');
    expect(eccangEndpoint('https://oms.example.com/default/svc/web-service')).toBe(
      'https://oms.example.com/default/svc/web-service',
    );
  });

  it('payment calls get the longer time limit, both below the browser’s', () => {
    expect(eccangTimeoutFor('customerRecharge')).toBeGreaterThan(eccangTimeoutFor('getBalance'));
    expect(eccangTimeoutFor('getBalance')).toBeLessThan(20_000);
    expect(eccangTimeoutFor('customerRecharge')).toBeLessThan(60_000);
  });

  it('speaks Chinese to ECCANG for zh users and English otherwise', () => {
    expect(eccangLanguage('zh')).toBe('zh_CN');
    expect(eccangLanguage('kr')).toBe('en_US');
    expect(eccangLanguage('th')).toBe('en_US');
  });
});

describe('ECCANG errors in the envelope', () => {
  it('a refusal is a 400 carrying ECCANG’s words; an outage or a bad answer a 503 without internals', () => {
    const refused = eccangErrorToAppError(new EccangError('refused', 'x', '余额不足', '3001'));
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.code).toBe(400);
    expect(translate('zh', refused.key, refused.params)).toBe('仓库服务商拒绝了请求：余额不足');
    expect(translate('kr', refused.key, refused.params)).toContain('余额不足');

    for (const kind of ['unreachable', 'timeout', 'http', 'fault', 'malformed'] as const) {
      const error = eccangErrorToAppError(new EccangError(kind, 'eccang at http://10.0.0.5 said appKey invalid', 'appKey invalid'));
      expect(error.code).toBe(503);
      expect(translate('zh', error.key, error.params)).not.toMatch(/10\.0\.0\.5|appKey/);
    }
  });
});

describe('the eccang warehouse adapter', () => {
  const ctx = (eccang?: { endpoint: string; appToken: string; appKey: string }) => ({
    tenantId: 7,
    language: 'th',
    principal: null,
    provider: { id: 3, wwsId: 2003, name: 'ECCANG Shenzhen', adapter: 'eccang' as const, settings: eccang ? { eccang } : {} },
  });

  it('answers getBalance in the contract’s shape from ECCANG’s three-decimal strings', async () => {
    fake.answers.set('getBalance', BALANCE);
    const answer = await createEccangWarehouseProvider().call('getBalance', {}, ctx(settings()));
    expect(answer).toEqual({ cb_value: '1234.56', cb_credit_line: '5000.00', cb_frozen: '0.00', currency_code: 'RMB' });
    expect(fake.calls[0]!.language).toBe('en_US');
  });

  it('sends money params as yuan again and reads a list page', async () => {
    fake.answers.set('getCostWaterAndOrder', FLOW_PAGE);
    const params = WMS_SERVICES.getCostWaterAndOrder.params.parse({ page: 2, pageSize: 20, search_type: 1, search_code: 'R1' });
    const answer = await createEccangWarehouseProvider().call('getCostWaterAndOrder', params, ctx(settings()));
    expect(answer.total).toBe(42);
    expect(answer.data[0]).toMatchObject({ cbl_id: 88, cbl_transaction_value: '-12.50', cbl_current_value: '1222.06', ft_name_cn: '仓租', order_code: '' });
    expect(fake.calls[0]!.params).toMatchObject({ page: 2, pageSize: 20, search_type: 1, search_code: 'R1' });

    fake.answers.set('quotaApply', { ask: 'Success', message: '', data: { acl_code: 'ACL0001' } });
    const apply = WMS_SERVICES.quotaApply.params.parse({ creditLine: '1500.5', effectiveTime: '2027-01-01 00:00:00', note: 'peak' });
    expect(apply.creditLine).toBe(150050);
    await expect(createEccangWarehouseProvider().call('quotaApply', apply, ctx(settings()))).resolves.toEqual({ acl_code: 'ACL0001' });
    expect(fake.calls[1]!.params).toMatchObject({ creditLine: '1500.50', note: 'peak' });
  });

  it('a refusal is a 400 with ECCANG’s words; wrong credentials a 503; an answer of another shape a 503', async () => {
    fake.answers.set('voidApply', { ask: 'Failure', message: '申请单状态不允许作废' });
    const refused = await createEccangWarehouseProvider().call('voidApply', { acl_code: 'X' }, ctx(settings())).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 400, key: 'warehouseProviderRefused', params: { message: '申请单状态不允许作废' } });

    fake.answers.set('getBalance', BALANCE);
    const fault = await createEccangWarehouseProvider().call('getBalance', {}, ctx({ ...settings(), appToken: 'old' })).catch((e: unknown) => e);
    expect(fault).toMatchObject({ code: 503, key: 'warehouseProviderUnavailable' });

    fake.answers.set('getBalance', { ask: 'Success', data: { cb_value: 'lots' } });
    const odd = await createEccangWarehouseProvider().call('getBalance', {}, ctx(settings())).catch((e: unknown) => e);
    expect(odd).toMatchObject({ code: 503, key: 'warehouseBadAnswer' });

    const unset = await createEccangWarehouseProvider().call('getBalance', {}, ctx()).catch((e: unknown) => e);
    expect(unset).toMatchObject({ code: 503, key: 'warehouseProviderUnavailable' });
  });

  it('rounds ECCANG money half away from zero without floats', () => {
    expect(eccangMoney('0.005')).toBe('0.01');
    expect(eccangMoney('-0.005')).toBe('-0.01');
    expect(eccangMoney('12.344')).toBe('12.34');
    expect(eccangMoney(7)).toBe('7.00');
    expect(eccangMoney('abc')).toBe('abc');
  });
});
