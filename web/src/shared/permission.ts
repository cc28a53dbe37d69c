import { canUse, type TFunctionMenu } from '@seller-centre/contract/permissions';
import i18next from 'i18next';
import { useCallback } from 'react';
import { useFunctionMenu } from './current-user.ts';
import { notify } from './notify.ts';

/**
 * The button gate of docs/product.md: when menu verification is on and a function's id is
 * not granted, a click shows the 'no permission' message instead of acting. The server checks
 * again; this only spares the user a failing call.
 *
 *   // shared/components/auth-button.tsx
 *   <AuthButton permission={PERMISSIONS.role.create} type="primary" onClick={openCreate}>…</AuthButton>
 *
 *   const { allowed, guard } = usePermission(PERMISSIONS.role.delete);
 *   <a onClick={() => guard(() => confirmDelete(row))}>…</a>
 */

const NO_PERMISSION_KEY = 'errors.noPermission';

/** Whether the authority list grants the id (everything when menu_verify is off). */
export function isPermitted(menu: TFunctionMenu | undefined, permission: number): boolean {
  return canUse(menu, permission);
}

export function notifyNoPermission(): void {
  notify.warning(i18next.t(NO_PERMISSION_KEY));
}

/** A checker for several ids at once (table rows with one button per permission). */
function useCan(): (permission: number) => boolean {
  const menu = useFunctionMenu();
  return useCallback((permission: number) => isPermitted(menu, permission), [menu]);
}

export function usePermission(permission: number): {
  allowed: boolean;
  /** Runs the action when allowed, otherwise shows the no-permission message. */
  guard: (action: () => void) => void;
} {
  const can = useCan();
  const allowed = can(permission);
  const guard = useCallback(
    (action: () => void) => {
      if (allowed) action();
      else notifyNoPermission();
    },
    [allowed],
  );
  return { allowed, guard };
}
