import type { TSmsPurpose } from '@seller-centre/contract/auth';
import type { Db } from '../../db/client.ts';

/** One text message carrying a one-time code. */
export type SmsMessage = { area: string; phoneNumber: string; type: TSmsPurpose; code: string };

/** An outside SMS service. `send` resolves once the service accepted the message. */
export interface SmsProvider {
  readonly name: 'console' | 'aliyun';
  /** `db` is the transaction that stored the code: a local stand-in writes in it. */
  send(db: Db, message: SmsMessage): Promise<void>;
}

/** The service could not take the message; the caller answers 503 and stores nothing. */
export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
}
