import {
  ROLE_NAME_MAX,
  ROLE_PAGE_SIZES,
  rolePaths,
  type TCreateRoleRequest,
  type TRole,
  type TRoleList,
  type TRoleMenuNode,
  type TRoleUser,
  type TUpdateRoleRequest,
} from '@seller-centre/contract/roles';
import type { TLanguage } from '@seller-centre/contract/i18n';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api-client.ts';
import { functionMenuQuery } from '../../shared/current-user.ts';
import { choiceFilter, textFilter, type ListState } from '../../shared/list/list-state.ts';
import { EMPLOYEES_QUERY_ROOT, ROLES_QUERY_ROOT } from '../../shared/query-keys.ts';

/**
 * Role management calls (docs/api.md, docs/api.md). Reads carry the language in
 * their key because the server names things (the built-in role, the permission tree) in it.
 * Writes are `silent`: the screen shows a failure's message as a warning (docs/product.md).
 */

export type RoleStatus = 0 | 1;

/**
 * The role list's state in the URL (docs/product.md: the filter defaults to enabled roles;
 * section 9: pages of 10, 20 or 30). `status` 0 is the 'show disabled roles' switch.
 */
export const ROLE_LIST = {
  pageSizes: ROLE_PAGE_SIZES,
  filters: {
    name: textFilter({ maxLength: ROLE_NAME_MAX }),
    status: choiceFilter<RoleStatus>([1, 0], 1),
  },
};

export type RoleListState = ListState<(typeof ROLE_LIST)['filters'], (typeof ROLE_PAGE_SIZES)[number]>;

const roleKeys = {
  all: ROLES_QUERY_ROOT,
  list: (state: RoleListState, language: TLanguage) => [...ROLES_QUERY_ROOT, 'list', language, state] as const,
  users: (id: number) => [...ROLES_QUERY_ROOT, 'users', id] as const,
  functionMenu: (id: number, language: TLanguage) => [...ROLES_QUERY_ROOT, 'function-menu', language, id] as const,
};

/** One page of roles; silent, because the table shows a failure with its retry button. */
export function roleListQuery(state: RoleListState, language: TLanguage) {
  const { page, limit, filters } = state;
  return queryOptions({
    queryKey: roleKeys.list(state, language),
    queryFn: ({ signal }) =>
      apiRequest<TRoleList>('GET', rolePaths.roles, {
        query: { page, limit, name: filters.name || undefined, status: filters.status },
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export function roleUsersQuery(id: number) {
  return queryOptions({
    queryKey: roleKeys.users(id),
    queryFn: ({ signal }) => apiRequest<TRoleUser[]>('GET', rolePaths.users, { query: { id }, signal }),
  });
}

export function roleFunctionMenuQuery(id: number, language: TLanguage) {
  return queryOptions({
    queryKey: roleKeys.functionMenu(id, language),
    queryFn: ({ signal }) => apiRequest<TRoleMenuNode[]>('GET', rolePaths.functionMenu, { query: { id }, signal }),
    // Fetched fresh each time the dialog opens, and never refetched behind the user's ticks.
    staleTime: Infinity,
    gcTime: 0,
  });
}

/**
 * Every role write changes the list (names, status, counts): refetch whatever is on screen, the
 * employee list's role names and choices, and the signed-in user's own authority list (their
 * role may be the one that changed).
 */
function useRoleMutation<TInput, TOutput>(call: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: roleKeys.all }),
        client.invalidateQueries({ queryKey: EMPLOYEES_QUERY_ROOT }),
        client.invalidateQueries({ queryKey: functionMenuQuery.queryKey }),
      ]),
  });
}

export function useCreateRole() {
  return useRoleMutation((body: TCreateRoleRequest) =>
    apiRequest<TRole>('POST', rolePaths.roles, { body, silent: true }),
  );
}

export function useUpdateRole() {
  return useRoleMutation((body: TUpdateRoleRequest) =>
    apiRequest<TRole>('PUT', rolePaths.roles, { body, silent: true }),
  );
}

export function useDeleteRole() {
  return useRoleMutation((id: number) => apiRequest<null>('DELETE', rolePaths.roles, { body: { id }, silent: true }));
}

export function useSetRoleStatus() {
  return useRoleMutation((body: { id: number; status: RoleStatus }) =>
    apiRequest<TRole>('PUT', rolePaths.status, { body, silent: true }),
  );
}

export function useSaveRoleFunctionMenu() {
  return useRoleMutation((body: { id: number; function_menu_ids: string }) =>
    apiRequest<{ id: number; function_menu_ids: number[] }>('PUT', rolePaths.functionMenu, { body, silent: true }),
  );
}
