/**
 * The roots of the management lists' query keys, here so that a write in one feature can
 * refresh what another feature shows without the features importing each other: a role renamed
 * or disabled changes the employee list's role column and role choices; an employee given
 * another role changes the role list's people count.
 */
export const ROLES_QUERY_ROOT = ['roles'] as const;
export const EMPLOYEES_QUERY_ROOT = ['employees'] as const;

/**
 * What a payment changes elsewhere: the coupon used (my coupons and the checkout's choice), the
 * package extended (personal centre, service upgrade) and the bills a row longer. The session's
 * queries sit under `['session', ...]` and are dropped at login and logout.
 */
export const COUPONS_QUERY_ROOT = ['session', 'coupons'] as const;
export const PACKAGE_QUERY_ROOT = ['session', 'user-package'] as const;
export const SYSTEM_MENU_QUERY_ROOT = ['session', 'system-menu'] as const;
export const BILLS_QUERY_ROOT = ['bills'] as const;
