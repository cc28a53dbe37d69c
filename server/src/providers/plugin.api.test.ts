import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.ts';
import { randomIp, uniquePhone } from '../test/factories.ts';
import type { SmsMessage, SmsProvider } from './sms/provider.ts';

/** An SMS service that keeps what it was asked to send. */
const sent: SmsMessage[] = [];
const fakeSms: SmsProvider = {
  name: 'aliyun',
  async send(_db, message) {
    sent.push(message);
  },
};

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({}, { providers: { sms: fakeSms } });
});
afterAll(async () => app.close());

describe('providers swapped in at the composition root', () => {
  it('sends sign-in codes through the provider the app was built with, and nowhere else', async () => {
    const phone = uniquePhone();
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/sms?type=register:&phone_number=${phone}`,
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(sent).toEqual([
      { area: '86', phoneNumber: phone, type: 'register:', code: expect.stringMatching(/^\d{6}$/) },
    ]);
    // The configured stand-in was never asked: its outbox is empty.
    const outbox = await app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone_number=${phone}` });
    expect(outbox.json().data).toEqual([]);
  });
});
