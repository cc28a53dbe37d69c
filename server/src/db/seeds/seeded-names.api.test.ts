import { LANGUAGES } from '@seller-centre/contract/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../client.ts';
import { seededTexts } from '../../messages/seeded.ts';
import { createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { seedPersonalCentreDemo } from './personal-centre.ts';
import { seedThirdPartyDemo } from './third-party.ts';
import { seedWarehouseDemo } from './warehouse.ts';

/**
 * What the seeds name (coupon titles, fee-flow notes, third-party remarks) is read in the
 * reader's language, whatever language the tenant was seeded in: a Korean page shows Korean.
 */
let app: TestApp;
let tenant: TestTenant;
beforeAll(async () => {
  app = await buildTestApp();
  tenant = await createTenant(app);
  await transaction(app.db, async (tx) => {
    await seedPersonalCentreDemo(tx, tenant.tenantId);
    await seedThirdPartyDemo(tx, tenant.tenantId);
    await seedWarehouseDemo(tx, tenant.tenantId);
  });
});
afterAll(async () => app.close());

const as = (lang: string) => ({ authorization: tenant.token, 'accept-language': lang });
const names = (lang: (typeof LANGUAGES)[number], prefix: string) =>
  Object.entries(seededTexts)
    .filter(([key]) => key.startsWith(prefix))
    .map(([, text]) => text[lang]);
const others = (lang: (typeof LANGUAGES)[number], prefix: string) =>
  LANGUAGES.filter((l) => l !== lang).flatMap((l) => names(l, prefix));

describe('seeded names', () => {
  it.each(LANGUAGES)('coupon titles are in the reader’s language (%s)', async (lang) => {
    const titles: string[] = [];
    for (const status of [0, 1, 2]) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/user/coupon?status=${status}`, headers: as(lang) });
      expect(res.statusCode, res.body).toBe(200);
      titles.push(...(res.json().data as { title: string }[]).map((c) => c.title));
    }
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(names(lang, 'coupon.')).toContain(title);
  });

  it.each(LANGUAGES)('third-party remarks and fee-flow notes are in the reader’s language (%s)', async (lang) => {
    const bill = await app.inject({
      method: 'POST',
      url: '/api/v1/finance/list',
      headers: as(lang),
      payload: { page: 1, page_size: 30, transaction_type: 'pay' },
    });
    expect(bill.statusCode, bill.body).toBe(200);
    const remarks = (bill.json().data.data as { transaction_remark: string }[]).map((r) => r.transaction_remark);
    expect(remarks.length).toBeGreaterThan(0);
    for (const remark of remarks) expect(remark).toBe(names(lang, 'third_party.top_up')[0]);

    const providers = (await app.inject({ method: 'GET', url: '/api/v1/user/server/list', headers: as(lang) })).json()
      .data as { wws_id: number }[];
    const notes: string[] = [];
    for (const { wws_id } of providers) {
      const flow = await app.inject({
        method: 'POST',
        url: '/api/v1/common/wmsUnit',
        headers: as(lang),
        payload: { service: 'getCostWaterAndOrder', wws_id, params: { pageSize: 30, cbl_type: 0 } },
      });
      expect(flow.statusCode, flow.body).toBe(200);
      notes.push(...(flow.json().data.data as { cbl_note: string }[]).map((r) => r.cbl_note));
    }
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) {
      expect(note).toBe(names(lang, 'flow.freight_hold')[0]);
      expect(others(lang, 'flow.')).not.toContain(note);
    }
  });
});
