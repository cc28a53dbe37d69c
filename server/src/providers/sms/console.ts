import type { Db } from '../../db/client.ts';
import { keepInOutbox } from './outbox.ts';
import type { SmsMessage, SmsProvider } from './provider.ts';

/**
 * The local stand-in: nothing leaves the machine. Each code is logged and kept in the outbox
 * (outbox.ts), in the transaction that stored the code.
 */
export function createConsoleSmsProvider(log: { info: (msg: string) => void }): SmsProvider {
  return {
    name: 'console',
    async send(db: Db, message: SmsMessage) {
      await keepInOutbox(db, message);
      log.info(`[sms console] +${message.area} ${message.phoneNumber} ${message.type} code ${message.code}`);
    },
  };
}
