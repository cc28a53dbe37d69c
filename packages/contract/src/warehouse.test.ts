import { describe, expect, it } from 'vitest';
import { convertFromCny, isWmsService, showInCurrency, WMS_SERVICE_NAMES, WMS_SERVICES } from './warehouse.ts';

describe('warehouse contract', () => {
  it('names every service of the cloud bill and getCurrency', () => {
    expect(WMS_SERVICE_NAMES.sort()).toEqual(
      [
        'getExportResults',
        'asyncExport',
        'getCostWaterAndOrder',
        'getFeeType',
        'getCostBillAndOrder',
        'getWarehouse',
        'getStorageCosts',
        'getBankAccount',
        'submitPayment',
        'getAccount',
        'getBalance',
        'quotaApply',
        'getCreditLineList',
        'deleteApply',
        'voidApply',
        'getPaymentMethod',
        'getPaymentNoteList',
        'getPaymentNoteDetail',
        'discardPayment',
        'customerRecharge',
        'getPaymentDetail',
        'getCurrency',
        'getFlowSummary',
      ].sort(),
    );
    expect(isWmsService('toString')).toBe(false);
  });

  it('converts CNY to another currency by dividing by the rate, rounding down to 3 decimals', () => {
    expect(convertFromCny(10000, '7.1')).toBe('14.084'); // 100 / 7.1 = 14.0845...
    expect(convertFromCny(100, '3')).toBe('0.333');
    expect(convertFromCny(-100, '3')).toBe('-0.334'); // down, not toward zero
    expect(convertFromCny(100, '0')).toBeNull();
    expect(showInCurrency(1234, 'RMB', []).text).toBe('12.34');
    expect(showInCurrency(1234, 'XYZ', [])).toEqual({ text: '12.34', currency: 'CNY', fellBack: true });
  });

  it('reads money params as fen and refuses less than 0.01', () => {
    const recharge = WMS_SERVICES.customerRecharge.params;
    expect(recharge.parse({ amount: '12.34', rechargeType: 'alipay' }).amount).toBe(1234);
    expect(recharge.safeParse({ amount: '0', rechargeType: 'alipay' }).success).toBe(false);
    expect(recharge.safeParse({ amount: '1.234', rechargeType: 'alipay' }).success).toBe(false);
  });

  it('defaults list paging to the contract sizes and refuses others', () => {
    const flow = WMS_SERVICES.getCostWaterAndOrder.params;
    expect(flow.parse({})).toMatchObject({ page: 1, pageSize: 20, platform: [] });
    expect(flow.safeParse({ pageSize: 50 }).success).toBe(false);
    expect(flow.parse({ search_type: '', cbl_type: '2' }).cbl_type).toBe(2);
    expect(WMS_SERVICES.getCreditLineList.params.parse({}).pageSize).toBe(10);
  });
});
