import type { Db } from '../../db/client.ts';

export type BillFilter = {
  mainId: number;
  capitalFlows?: 'INTO' | 'OUT' | undefined;
  transactionId?: string | undefined;
  number?: string | undefined;
  parentUserId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

/** The tenant's distribution bill rows: every filter narrows the one index range of the tenant. */
export function billQuery(db: Db, f: BillFilter) {
  return db
    .selectFrom('distribution_entries')
    .where('main_id', '=', f.mainId)
    .$if(f.capitalFlows !== undefined, (q) => q.where('capital_flows', '=', f.capitalFlows!))
    .$if(f.transactionId !== undefined, (q) => q.where('transaction_id', '=', f.transactionId!))
    .$if(f.number !== undefined, (q) => q.where('number', '=', f.number!))
    .$if(f.parentUserId !== undefined, (q) => q.where('parent_user_id', '=', f.parentUserId!))
    .$if(f.from !== undefined, (q) => q.where('created_at', '>=', f.from!))
    .$if(f.to !== undefined, (q) => q.where('created_at', '<=', f.to!));
}

export const BILL_COLUMNS = [
  'id',
  'transaction_id',
  'parent_user_id',
  'number',
  'capital_flows',
  'amount_fen',
  'balance_after_fen',
  'created_at',
  'updated_at',
] as const;

export type WithdrawalFilter = {
  mainId?: number | undefined;
  status?: number | undefined;
  transactionId?: string | undefined;
  bankNumber?: string | undefined;
  timeColumn: 'created_at' | 'reviewed_at';
  from?: Date | undefined;
  to?: Date | undefined;
};

export function withdrawalQuery(db: Db, f: WithdrawalFilter) {
  return db
    .selectFrom('distribution_withdrawals as w')
    .$if(f.mainId !== undefined, (q) => q.where('w.main_id', '=', f.mainId!))
    .$if(f.status !== undefined, (q) => q.where('w.status', '=', f.status!))
    .$if(f.transactionId !== undefined, (q) => q.where('w.transaction_id', '=', f.transactionId!))
    .$if(f.bankNumber !== undefined, (q) => q.where('w.bank_number', '=', f.bankNumber!))
    .$if(f.from !== undefined, (q) => q.where(`w.${f.timeColumn}`, '>=', f.from!))
    .$if(f.to !== undefined, (q) => q.where(`w.${f.timeColumn}`, '<=', f.to!));
}

export const WITHDRAWAL_COLUMNS = [
  'w.id',
  'w.main_id',
  'w.transaction_id',
  'w.bank_name',
  'w.bank_number',
  'w.user_name',
  'w.amount_fen',
  'w.status',
  'w.created_at',
  'w.reviewed_at',
  'w.image_url',
  'w.remark',
] as const;

/** What approving a withdrawal pays out, and whose. */
export function findWithdrawalMoney(db: Db, transactionId: string) {
  return db
    .selectFrom('distribution_withdrawals')
    .select(['main_id', 'amount_fen'])
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
}
