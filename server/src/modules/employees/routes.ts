import {
  employeePaths,
  ZCreateSubAccountRequest,
  ZDataAuthorityItem,
  ZDataAuthorityTree,
  ZSubAccount,
  ZSubAccountIdQuery,
  ZSubAccountList,
  ZSubAccountListQuery,
  ZSubAccountPasswordRequest,
  ZSubAccountStatusRequest,
  ZUpdateDataAuthorityRequest,
  ZUpdateSubAccountRequest,
} from '@seller-centre/contract/employees';
import { envelope } from '@seller-centre/contract/envelope';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { access, accessContextOf } from '../../platform/access.ts';
import { errors } from '../../platform/openapi.ts';
import {
  changeSubAccountPassword,
  createSubAccount,
  findDataAuthorityTree,
  findSubAccounts,
  setSubAccountStatus,
  updateDataAuthority,
  updateSubAccount,
} from './service.ts';

/** Employee (sub-account) administration and data authority (docs/api.md). */
const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const E = PERMISSIONS.employee;
  const tags = ['employees'];

  app.get(
    employeePaths.subAccounts,
    {
      config: { access: access.permission(E.page) },
      schema: {
        tags,
        operationId: 'listSubAccounts',
        summary: "The tenant's accounts, a page at a time (permission 261; narrowed by data authority 18)",
        querystring: ZSubAccountListQuery,
        response: { 200: envelope(ZSubAccountList) },
      },
    },
    async (request) => ok(await findSubAccounts(app.db, accessContextOf(request), request.query)),
  );

  app.post(
    employeePaths.subAccounts,
    {
      config: { access: access.permission(E.create) },
      schema: {
        tags,
        operationId: 'createSubAccount',
        summary: 'Create an employee account with its role and shop and warehouse scope (button 283)',
        body: ZCreateSubAccountRequest,
        response: { 200: envelope(ZSubAccount), ...errors(404, 409) },
      },
    },
    async (request) => ok(await createSubAccount(app.db, accessContextOf(request), request.body)),
  );

  app.put(
    employeePaths.subAccounts,
    {
      config: { access: access.permission(E.edit) },
      schema: {
        tags,
        operationId: 'updateSubAccount',
        summary: "Change an employee's role and service list (button 284)",
        body: ZUpdateSubAccountRequest,
        response: { 200: envelope(ZSubAccount), ...errors(404) },
      },
    },
    async (request) => ok(await updateSubAccount(app.db, accessContextOf(request), request.body)),
  );

  app.put(
    employeePaths.password,
    {
      config: { access: access.permission(E.changePassword) },
      schema: {
        tags,
        operationId: 'setSubAccountPassword',
        summary: "Set an employee's password; signs it out everywhere (button 288)",
        body: ZSubAccountPasswordRequest,
        response: { 200: envelope(z.null()), ...errors(404) },
      },
    },
    async (request) => {
      await changeSubAccountPassword(app.db, accessContextOf(request), request.body);
      return ok(null);
    },
  );

  app.put(
    employeePaths.status,
    {
      config: { access: access.permission(E.toggleStatus) },
      schema: {
        tags,
        operationId: 'setSubAccountStatus',
        summary: 'Enable (1) or disable (0) an employee; disabling signs it out at once (button 286)',
        body: ZSubAccountStatusRequest,
        response: { 200: envelope(ZSubAccount), ...errors(404) },
      },
    },
    async (request) => ok(await setSubAccountStatus(app.db, accessContextOf(request), request.body)),
  );

  app.get(
    employeePaths.dataAuthorityTree,
    {
      config: { access: access.permission(E.page) },
      schema: {
        tags,
        operationId: 'getDataAuthorityTree',
        summary: "An employee's data authority tree with the choosable items (permission 261)",
        querystring: ZSubAccountIdQuery,
        response: { 200: envelope(ZDataAuthorityTree), ...errors(404) },
      },
    },
    async (request) => ok(await findDataAuthorityTree(app.db, accessContextOf(request), request.query.user_id)),
  );

  app.put(
    employeePaths.dataAuthority,
    {
      config: { access: access.permission(E.dataAuthority) },
      schema: {
        tags,
        operationId: 'setDataAuthority',
        summary: "Save an employee's data authority: 1 all, 2 selected items, 3 own data (button 285)",
        body: ZUpdateDataAuthorityRequest,
        response: { 200: envelope(z.array(ZDataAuthorityItem)), ...errors(404) },
      },
    },
    async (request) => ok(await updateDataAuthority(app.db, accessContextOf(request), request.body)),
  );
};

export default employeeRoutes;
