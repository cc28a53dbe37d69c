import type { TSmsOutboxItem } from '@seller-centre/contract/auth';
import type { Queryable } from '../../db/client.ts';
import type { SmsMessage, SmsProvider } from './provider.ts';

/**
 * The local stand-in: nothing leaves the machine. Each code is logged and kept in `sms_outbox`
 * (so every instance and the end-to-end tests can read it at /api/dev/sms-outbox).
 */
export function createConsoleSmsProvider(log: { info: (msg: string) => void }): SmsProvider {
  return {
    name: 'console',
    async send(db: Queryable, message: SmsMessage) {
      await db.query('INSERT INTO sms_outbox (area, phone_number, type, code) VALUES ($1, $2, $3, $4)', [
        message.area,
        message.phoneNumber,
        message.type,
        message.code,
      ]);
      await db.query(
        `DELETE FROM sms_outbox WHERE id IN (
           SELECT id FROM sms_outbox WHERE sent_at < now() - interval '1 day' LIMIT 500)`,
      );
      log.info(`[sms console] +${message.area} ${message.phoneNumber} ${message.type} code ${message.code}`);
    },
  };
}

/** The codes sent to one phone number (any area), newest first: never everybody's. */
export async function readSmsOutbox(db: Queryable, phoneNumber: string): Promise<TSmsOutboxItem[]> {
  const rows = await db.query<{ phone_number: string; area: string; type: string; code: string; sent_at: Date }>(
    `SELECT phone_number, area, type, code, sent_at FROM sms_outbox
      WHERE phone_number = $1
      ORDER BY id DESC LIMIT 50`,
    [phoneNumber],
  );
  return rows.map((r) => ({
    phone_number: r.phone_number,
    area: r.area,
    type: r.type,
    code: r.code,
    sent_at: new Date(r.sent_at).toISOString(),
  }));
}
