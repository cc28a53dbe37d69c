import type { TSmsOutboxItem } from '@seller-centre/contract/auth';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/**
 * The console stand-in's outbox (table `sms_outbox`): what it "sent", kept so that every
 * instance and the browser tests can read codes back at /api/dev/sms-outbox. Never written by a
 * real provider.
 */

export async function keepInOutbox(db: Db, message: { area: string; phoneNumber: string; type: string; code: string }) {
  await db
    .insertInto('sms_outbox')
    .values({ area: message.area, phone_number: message.phoneNumber, type: message.type, code: message.code })
    .execute();
  await db
    .deleteFrom('sms_outbox')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('sms_outbox')
        .select('id')
        .where('sent_at', '<', sql<Date>`now() - interval '1 day'`)
        .limit(500),
    )
    .execute();
}

/** The codes sent to one phone number (any area), newest first: never everybody's. */
export async function readSmsOutbox(db: Db, phoneNumber: string): Promise<TSmsOutboxItem[]> {
  const rows = await db
    .selectFrom('sms_outbox')
    .select(['phone_number', 'area', 'type', 'code', 'sent_at'])
    .where('phone_number', '=', phoneNumber)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => ({ ...r, sent_at: r.sent_at.toISOString() }));
}
