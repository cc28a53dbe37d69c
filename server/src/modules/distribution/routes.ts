import {
  distributionPaths,
  ZBankInfo,
  ZBankInfoSave,
  ZDistributionBalance,
  ZDistributionBill,
  ZDistributionBillExport,
  ZDistributionBillQuery,
  ZEarnings,
  ZWithdrawalApply,
  ZWithdrawalExport,
  ZWithdrawalList,
  ZWithdrawalQuery,
  ZWithdrawalRow,
} from '@seller-centre/contract/distribution';
import { envelope } from '@seller-centre/contract/envelope';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { access } from '../../platform/access.ts';
import { principalOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { errors } from '../../platform/openapi.ts';
import { csvStream } from '../../platform/csv.ts';
import {
  applyWithdrawal,
  billExportHeader,
  distributionBillCsvRows,
  exportZone,
  getBankInfo,
  getDistributionBalance,
  getEarnings,
  listDistributionBill,
  listWithdrawals,
  saveBankInfo,
  withdrawalCsvRows,
  withdrawalExportHeader,
} from './service.ts';

function sendCsv(reply: FastifyReply, name: string, stream: Readable) {
  const stamp = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace(/\D/g, '');
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

/**
 * Distribution (page 264 for the reads, which an employee may be granted); withdrawing and the
 * bank details are the main account's alone.
 */
const distributionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['distribution'];
  const read = { access: access.permission(PERMISSIONS.distributionBill.page) };
  const main = { access: access.mainAccount('distributionMainOnly') };
  const csv = {
    produces: ['text/csv'],
    response: { 200: z.string().describe('CSV with a UTF-8 byte-order mark, streamed') },
  };

  app.get(
    distributionPaths.balance,
    {
      config: read,
      schema: {
        tags,
        operationId: 'getDistributionBalance',
        summary: 'The distribution balance available to withdraw (withdrawals in flight excluded), yuan',
        response: { 200: envelope(ZDistributionBalance) },
      },
    },
    async (request) => ok(await getDistributionBalance(app.db, principalOf(request))),
  );

  app.post(
    distributionPaths.bill,
    {
      config: read,
      schema: {
        tags,
        operationId: 'listDistributionBill',
        summary: 'The distribution bill: commissions in and withdrawals out, newest first',
        body: ZDistributionBillQuery,
        response: { 200: envelope(ZDistributionBill) },
      },
    },
    async (request) => ok(await listDistributionBill(app.db, principalOf(request), request.body)),
  );

  app.post(
    distributionPaths.billExport,
    {
      config: read,
      schema: {
        tags,
        operationId: 'exportDistributionBill',
        summary: 'The distribution bill of the filter as a CSV file',
        body: ZDistributionBillExport,
        ...csv,
      },
    },
    async (request, reply) => {
      const { time_zone, ...filters } = request.body;
      const reader = { lang: requestLanguage(request), zone: await exportZone(app.db, time_zone) };
      const rows = distributionBillCsvRows(app.db, principalOf(request), filters, reader);
      return sendCsv(reply, 'distribution-bill', csvStream(billExportHeader(reader.lang), rows));
    },
  );

  app.post(
    distributionPaths.withdrawals,
    {
      config: read,
      schema: {
        tags,
        operationId: 'listWithdrawals',
        summary: 'Withdrawal records, newest first (status 4 or none: all)',
        body: ZWithdrawalQuery,
        response: { 200: envelope(ZWithdrawalList) },
      },
    },
    async (request) => ok(await listWithdrawals(app.db, principalOf(request), request.body)),
  );

  app.post(
    distributionPaths.withdrawalsExport,
    {
      config: read,
      schema: {
        tags,
        operationId: 'exportWithdrawals',
        summary: 'Withdrawal records of the filter as a CSV file',
        body: ZWithdrawalExport,
        ...csv,
      },
    },
    async (request, reply) => {
      const { time_zone, ...filters } = request.body;
      const reader = { lang: requestLanguage(request), zone: await exportZone(app.db, time_zone) };
      const rows = withdrawalCsvRows(app.db, principalOf(request), filters, reader);
      return sendCsv(reply, 'withdrawals', csvStream(withdrawalExportHeader(reader.lang), rows));
    },
  );

  app.get(
    distributionPaths.earnings,
    {
      config: read,
      schema: {
        tags,
        operationId: 'getDistributionEarnings',
        summary: 'Commission earned per month over the last 12 months (business time), yuan',
        response: { 200: envelope(ZEarnings) },
      },
    },
    async (request) => ok(await getEarnings(app.db, principalOf(request))),
  );

  app.post(
    distributionPaths.apply,
    {
      config: main,
      schema: {
        tags,
        operationId: 'applyWithdrawal',
        summary: 'Apply for a withdrawal: the amount is held until an operator approves or fails it',
        body: ZWithdrawalApply,
        response: { 200: envelope(ZWithdrawalRow) },
      },
    },
    async (request) => ok(await applyWithdrawal(app.db, principalOf(request), request.body)),
  );

  app.get(
    distributionPaths.bankInfo,
    {
      config: main,
      schema: {
        tags,
        operationId: 'getWithdrawalBankInfo',
        summary: 'The withdrawal bank info (else the base card, else the supplier application’s)',
        response: { 200: envelope(ZBankInfo) },
      },
    },
    async (request) => ok(await getBankInfo(app.db, principalOf(request))),
  );

  app.post(
    distributionPaths.saveBankInfo,
    {
      config: main,
      schema: {
        tags,
        operationId: 'saveWithdrawalBankInfo',
        summary: 'Save the withdrawal bank info; checked also saves it as the base bank card info',
        body: ZBankInfoSave,
        response: { 200: envelope(ZBankInfo), ...errors() },
      },
    },
    async (request) => ok(await saveBankInfo(app.db, principalOf(request), request.body)),
  );
};

export default distributionRoutes;
