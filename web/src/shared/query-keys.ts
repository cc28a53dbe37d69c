/**
 * The roots of the management lists' query keys, here so that a write in one feature can
 * refresh what another feature shows without the features importing each other: a role renamed
 * or disabled changes the employee list's role column and role choices; an employee given
 * another role changes the role list's people count.
 */
export const ROLES_QUERY_ROOT = ['roles'] as const;
export const EMPLOYEES_QUERY_ROOT = ['employees'] as const;
