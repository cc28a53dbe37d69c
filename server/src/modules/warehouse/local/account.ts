import { BASIC_CURRENCY, displayCurrencyCode } from '@seller-centre/contract/warehouse';
import { balanceOf } from '../../../platform/ledger/index.ts';
import { warehouseAccount } from '../fee-postings.ts';
import { yuan } from '../format.ts';
import { creditLineOf } from '../repository.ts';
import type { LocalHandlers } from './types.ts';

/** The account panel: who the tenant is at the provider, its balance, currencies and how to pay in. */
export const accountHandlers: LocalHandlers = {
  async getAccount(_params, ctx) {
    const account = ctx.provider.settings.account ?? {};
    return {
      company_code: account.company_code ?? `C${ctx.tenantId}`,
      firstname: account.firstname ?? '',
      lastname: account.lastname ?? '',
      email: account.email ?? '',
      telephone: account.telephone ?? '',
      fax: account.fax ?? '',
      company_name: account.company_name ?? ctx.provider.name,
    };
  },

  async getBalance(_params, ctx) {
    const [balance, creditLine] = await Promise.all([
      balanceOf(ctx.db, warehouseAccount(ctx.tenantId, ctx.provider.id)),
      creditLineOf(ctx.db, ctx.provider.wwsId),
    ]);
    return {
      cb_value: yuan(balance.balance - balance.pending),
      cb_credit_line: yuan(creditLine),
      cb_frozen: yuan(balance.pending),
      currency_code: BASIC_CURRENCY,
    };
  },

  async getCurrency(_params, ctx) {
    const listed = (ctx.provider.settings.currencies ?? []).map((c) => ({
      ...c,
      currency_code: displayCurrencyCode(c.currency_code),
    }));
    const basic = {
      currency_code: BASIC_CURRENCY,
      currency_name: '人民币',
      currency_name_en: 'Chinese Yuan',
      currency_rate: '1',
    };
    return {
      basicCurrency: BASIC_CURRENCY,
      currencyList: [basic, ...listed.filter((c) => c.currency_code !== BASIC_CURRENCY)],
    };
  },

  async getPaymentMethod(_params, ctx) {
    return { data: ctx.provider.settings.paymentMethods ?? [] };
  },

  async getBankAccount(params, ctx) {
    const accounts = ctx.provider.settings.bankAccounts ?? [];
    return {
      data: accounts
        .filter((a) => !params.paymentMethod || a.pm_code === params.paymentMethod)
        .map((a) => ({
          ba_id: a.ba_id,
          ba_bankname: a.ba_bankname,
          ba_code: a.ba_code,
          ba_username: a.ba_username,
          currency_code: displayCurrencyCode(a.currency_code),
        })),
    };
  },
};
