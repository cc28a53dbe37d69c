import { envelope } from '@seller-centre/contract/envelope';
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
import { accessContextOf } from '../../platform/permissions.ts';
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

/** Roles: spec 01 section 7 at its exact paths, plus the spec 02 function-menu save and all-roles list. */
const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { preHandler: app.authenticate } as const;
  const meta = { tags: ['roles'], security: [{ token: [] }] };

  app.get(
    rolePaths.roles,
    {
      ...common,
      schema: {
        ...meta,
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
      ...common,
      schema: {
        ...meta,
        summary: 'Create a role (button 277)',
        body: ZCreateRoleRequest,
        response: { 200: envelope(ZRole) },
      },
    },
    async (request) => ok(await createRole(app.db, accessContextOf(request), request.body)),
  );

  app.put(
    rolePaths.roles,
    {
      ...common,
      schema: {
        ...meta,
        summary: 'Edit a role (button 278); role 1 cannot be edited',
        body: ZUpdateRoleRequest,
        response: { 200: envelope(ZRole) },
      },
    },
    async (request) => ok(await updateRole(app.db, accessContextOf(request), request.body)),
  );

  app.delete(
    rolePaths.roles,
    {
      ...common,
      schema: {
        ...meta,
        summary: 'Delete a role (button 281); id in the query or the body; refused while accounts hold it',
        querystring: z.object({ id: ZId.optional() }),
        body: ZDeleteRoleRequest.partial().nullish(),
        response: { 200: envelope(z.null()) },
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
      ...common,
      schema: {
        ...meta,
        summary: 'Enable (1) or disable (0) a role (button 280); a disabled role grants nothing',
        body: ZRoleStatusRequest,
        response: { 200: envelope(ZRole) },
      },
    },
    async (request) => ok(await setRoleStatus(app.db, accessContextOf(request), request.body)),
  );

  app.get(
    rolePaths.users,
    {
      ...common,
      schema: {
        ...meta,
        summary: 'Accounts holding a role (permission 260)',
        querystring: ZRoleIdQuery,
        response: { 200: envelope(z.array(ZRoleUser)) },
      },
    },
    async (request) => ok(await findRoleUsers(app.db, accessContextOf(request), request.query.id)),
  );

  app.get(
    rolePaths.functionMenu,
    {
      ...common,
      schema: {
        ...meta,
        summary: "A role's permission tree with `select` flags (permission 260)",
        querystring: ZRoleIdQuery,
        response: { 200: envelope(z.array(ZRoleMenuNode)) },
      },
    },
    async (request) => ok(await findRoleFunctionMenu(app.db, accessContextOf(request), request.query.id)),
  );

  app.put(
    rolePaths.functionMenu,
    {
      ...common,
      schema: {
        ...meta,
        summary: "Save a role's permissions, comma-joined ids (button 279)",
        body: ZSetRoleFunctionMenuRequest,
        response: { 200: envelope(ZRoleFunctionMenuSaved) },
      },
    },
    async (request) => ok(await setRoleFunctionMenu(app.db, accessContextOf(request), request.body)),
  );

  app.get(
    rolePaths.all,
    {
      ...common,
      schema: {
        ...meta,
        summary: 'Every role of the tenant to choose from (permission 260 or 261)',
        response: { 200: envelope(z.array(ZRoleChoice)) },
      },
    },
    async (request) => ok(await findRoleChoices(app.db, accessContextOf(request))),
  );
};

export default roleRoutes;
