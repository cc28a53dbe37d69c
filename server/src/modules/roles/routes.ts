import { envelope } from '@seller-centre/contract/envelope';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import {
  rolePaths,
  ZDeleteRoleRequest,
  ZCreateRoleRequest,
  ZId,
  ZRole,
  ZRoleChoice,
  ZRoleFunctionMenuSaved,
  ZRoleIdQuery,
  ZRoleList,
  ZRoleListQuery,
  ZRoleMenuNode,
  ZRoleStatusRequest,
  ZRoleUser,
  ZSetRoleFunctionMenuRequest,
  ZUpdateRoleRequest,
} from '@seller-centre/contract/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { describeIssue, requestLanguage } from '../../platform/i18n.ts';
import { access, accessContextOf } from '../../platform/access.ts';
import { errors } from '../../platform/openapi.ts';
import {
  createRole,
  deleteRole,
  findRoleChoices,
  findRoleFunctionMenu,
  findRoles,
  findRoleUsers,
  setRoleFunctionMenu,
  setRoleStatus,
  updateRole,
} from './service.ts';

/** Roles: docs/api.md at its exact paths, plus the docs/product.md function-menu save and all-roles list. */
const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const R = PERMISSIONS.role;
  const tags = ['roles'];

  app.get(
    rolePaths.roles,
    {
      config: { access: access.permission(R.page) },
      schema: {
        tags,
        operationId: 'listRoles',
        summary: 'Roles of the tenant, a page at a time (permission 260)',
        querystring: ZRoleListQuery,
        response: { 200: envelope(ZRoleList) },
      },
    },
    async (request) => ok(await findRoles(app.db, accessContextOf(request), request.query)),
  );

  app.post(
    rolePaths.roles,
    {
      config: { access: access.permission(R.create) },
      schema: {
        tags,
        operationId: 'createRole',
        summary: 'Create a role (button 277)',
        body: ZCreateRoleRequest,
        response: { 200: envelope(ZRole), ...errors(409) },
      },
    },
    async (request) => ok(await createRole(app.db, accessContextOf(request), request.body)),
  );

  app.put(
    rolePaths.roles,
    {
      config: { access: access.permission(R.edit) },
      schema: {
        tags,
        operationId: 'updateRole',
        summary: 'Edit a role (button 278); role 1 cannot be edited',
        body: ZUpdateRoleRequest,
        response: { 200: envelope(ZRole), ...errors(404, 409) },
      },
    },
    async (request) => ok(await updateRole(app.db, accessContextOf(request), request.body)),
  );

  app.delete(
    rolePaths.roles,
    {
      config: { access: access.permission(R.delete) },
      schema: {
        tags,
        operationId: 'deleteRole',
        summary: 'Delete a role (button 281); id in the query or the body; refused while accounts hold it',
        querystring: z.object({ id: ZId.optional() }),
        body: ZDeleteRoleRequest.partial().nullish(),
        response: { 200: envelope(z.null()), ...errors(404, 409) },
      },
    },
    async (request) => {
      const id = request.body?.id ?? request.query.id;
      if (id === undefined) {
        const detail = describeIssue(requestLanguage(request), {
          code: 'invalid_type',
          expected: 'number',
          input: undefined,
        });
        throw AppError.invalidField('id', detail);
      }
      await deleteRole(app.db, accessContextOf(request), id);
      return ok(null);
    },
  );

  app.put(
    rolePaths.status,
    {
      config: { access: access.permission(R.toggleStatus) },
      schema: {
        tags,
        operationId: 'setRoleStatus',
        summary: 'Enable (1) or disable (0) a role (button 280); a disabled role grants nothing',
        body: ZRoleStatusRequest,
        response: { 200: envelope(ZRole), ...errors(404) },
      },
    },
    async (request) => ok(await setRoleStatus(app.db, accessContextOf(request), request.body)),
  );

  app.get(
    rolePaths.users,
    {
      config: { access: access.permission(R.page) },
      schema: {
        tags,
        operationId: 'listRoleUsers',
        summary: 'Accounts holding a role (permission 260)',
        querystring: ZRoleIdQuery,
        response: { 200: envelope(z.array(ZRoleUser)), ...errors(404) },
      },
    },
    async (request) => ok(await findRoleUsers(app.db, accessContextOf(request), request.query.id)),
  );

  app.get(
    rolePaths.functionMenu,
    {
      config: { access: access.permission(R.page) },
      schema: {
        tags,
        operationId: 'getRoleFunctionMenu',
        summary: "A role's permission tree with `select` flags (permission 260)",
        querystring: ZRoleIdQuery,
        response: { 200: envelope(z.array(ZRoleMenuNode)), ...errors(404) },
      },
    },
    async (request) => ok(await findRoleFunctionMenu(app.db, accessContextOf(request), request.query.id)),
  );

  app.put(
    rolePaths.functionMenu,
    {
      config: { access: access.permission(R.setPermissions) },
      schema: {
        tags,
        operationId: 'setRoleFunctionMenu',
        summary: "Save a role's permissions, comma-joined ids (button 279)",
        body: ZSetRoleFunctionMenuRequest,
        response: { 200: envelope(ZRoleFunctionMenuSaved), ...errors(404) },
      },
    },
    async (request) => ok(await setRoleFunctionMenu(app.db, accessContextOf(request), request.body)),
  );

  app.get(
    rolePaths.all,
    {
      config: { access: access.anyPermission(R.page, PERMISSIONS.employee.page) },
      schema: {
        tags,
        operationId: 'listRoleChoices',
        summary: 'Every role of the tenant to choose from (permission 260 or 261)',
        response: { 200: envelope(z.array(ZRoleChoice)) },
      },
    },
    async (request) => ok(await findRoleChoices(app.db, accessContextOf(request))),
  );
};

export default roleRoutes;
