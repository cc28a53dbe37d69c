import {
  EMPLOYEE_NAME_MAX,
  employeePaths,
  type TCreateSubAccountRequest,
  type TDataAuthorityItem,
  type TDataAuthorityTree,
  type TSubAccount,
  type TSubAccountList,
  type TUpdateDataAuthorityRequest,
  type TUpdateSubAccountRequest,
} from '@seller-centre/contract/employees';
import type { TLanguage } from '@seller-centre/contract/i18n';
import {
  referenceDataPaths,
  type TPlatform,
  type TShopGroup,
  type TWarehouse,
} from '@seller-centre/contract/reference-data';
import { rolePaths, type TRoleChoice } from '@seller-centre/contract/roles';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api-client.ts';
import { choiceFilter, textFilter, type ListState } from '../../shared/list/list-state.ts';
import { EMPLOYEES_QUERY_ROOT, ROLES_QUERY_ROOT } from '../../shared/query-keys.ts';

/**
 * Authority management calls (docs/api.md). Writes are `silent`: the screen shows a
 * failure's message as a warning (docs/product.md).
 */

export type AccountStatus = 0 | 1;

/** The account list's state in the URL (docs/product.md: pages of 10, 20, 30; enabled first). */
export const ACCOUNT_LIST = {
  pageSizes: [10, 20, 30] as const,
  filters: {
    user_name: textFilter({ maxLength: EMPLOYEE_NAME_MAX }),
    status: choiceFilter<AccountStatus>([1, 0], 1),
  },
};

export type AccountListState = ListState<(typeof ACCOUNT_LIST)['filters'], (typeof ACCOUNT_LIST)['pageSizes'][number]>;

const employeeKeys = {
  all: EMPLOYEES_QUERY_ROOT,
  list: (state: AccountListState, language: TLanguage) => [...EMPLOYEES_QUERY_ROOT, 'list', language, state] as const,
  dataAuthority: (userId: number, language: TLanguage) =>
    [...EMPLOYEES_QUERY_ROOT, 'data-authority', language, userId] as const,
  /** Choices for the dialogs; they change rarely. */
  roleChoices: [...EMPLOYEES_QUERY_ROOT, 'choices', 'roles'] as const,
  shopGroup: [...EMPLOYEES_QUERY_ROOT, 'choices', 'shop-group'] as const,
  platforms: [...EMPLOYEES_QUERY_ROOT, 'choices', 'platforms'] as const,
  warehouses: [...EMPLOYEES_QUERY_ROOT, 'choices', 'warehouses'] as const,
};

/** One page of accounts; silent, because the table shows a failure with its retry button. */
export function accountListQuery(state: AccountListState, language: TLanguage) {
  const { page, limit, filters } = state;
  return queryOptions({
    queryKey: employeeKeys.list(state, language),
    queryFn: ({ signal }) =>
      apiRequest<TSubAccountList>('GET', employeePaths.subAccounts, {
        query: { page, limit, user_name: filters.user_name || undefined, status: filters.status },
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The all-roles call: every role of the tenant to choose from. */
export function roleChoicesQuery() {
  return queryOptions({
    queryKey: employeeKeys.roleChoices,
    queryFn: ({ signal }) => apiRequest<TRoleChoice[]>('GET', rolePaths.all, { signal }),
    staleTime: 0,
  });
}

/** Shops grouped by platform code, narrowed by the caller's own data authority. */
export function shopGroupQuery() {
  return queryOptions({
    queryKey: employeeKeys.shopGroup,
    queryFn: ({ signal }) => apiRequest<TShopGroup>('GET', referenceDataPaths.shopGroup, { signal }),
  });
}

/** The platform list (site 0): display names and order of the shop groups. */
export function platformsQuery() {
  return queryOptions({
    queryKey: employeeKeys.platforms,
    queryFn: ({ signal }) =>
      apiRequest<TPlatform[]>('GET', referenceDataPaths.platforms, { query: { site: 0 }, signal }),
    staleTime: 5 * 60_000,
  });
}

export function warehousesQuery() {
  return queryOptions({
    queryKey: employeeKeys.warehouses,
    queryFn: ({ signal }) => apiRequest<TWarehouse[]>('GET', referenceDataPaths.warehouses, { signal }),
  });
}

export function dataAuthorityQuery(userId: number, language: TLanguage) {
  return queryOptions({
    queryKey: employeeKeys.dataAuthority(userId, language),
    queryFn: ({ signal }) =>
      apiRequest<TDataAuthorityTree>('GET', employeePaths.dataAuthorityTree, { query: { user_id: userId }, signal }),
    // Fetched fresh each time the dialog opens, and never refetched behind the user's choices.
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Every account write changes the list, and the role list's people counts and role users. */
function useAccountMutation<TInput, TOutput>(call: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: employeeKeys.all }),
        client.invalidateQueries({ queryKey: ROLES_QUERY_ROOT }),
      ]),
  });
}

export function useCreateAccount() {
  return useAccountMutation((body: TCreateSubAccountRequest) =>
    apiRequest<TSubAccount>('POST', employeePaths.subAccounts, { body, silent: true }),
  );
}

export function useUpdateAccount() {
  return useAccountMutation((body: TUpdateSubAccountRequest) =>
    apiRequest<TSubAccount>('PUT', employeePaths.subAccounts, { body, silent: true }),
  );
}

export function useChangeAccountPassword() {
  return useAccountMutation((body: { user_id: number; password: string }) =>
    apiRequest<null>('PUT', employeePaths.password, { body, silent: true }),
  );
}

export function useSetAccountStatus() {
  return useAccountMutation((body: { user_id: number; status: AccountStatus }) =>
    apiRequest<TSubAccount>('PUT', employeePaths.status, { body, silent: true }),
  );
}

export function useSaveDataAuthority() {
  return useAccountMutation((body: TUpdateDataAuthorityRequest) =>
    apiRequest<TDataAuthorityItem[]>('PUT', employeePaths.dataAuthority, { body, silent: true }),
  );
}
