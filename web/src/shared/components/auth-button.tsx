import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { notifyNoPermission, usePermission } from '../permission.ts';

export type AuthButtonProps = ButtonProps & {
  /** The button's permission id (PERMISSIONS.* in @seller-centre/contract/permissions). */
  permission: number;
};

/**
 * An antd Button whose click only acts when the permission is granted; otherwise the click shows
 * the no-permission message (the button stays visible, as the contract has it).
 */
export function AuthButton({ permission, onClick, ...props }: AuthButtonProps) {
  const { allowed } = usePermission(permission);
  return (
    <Button
      {...props}
      data-permission={permission}
      onClick={(event: MouseEvent<HTMLElement>) => {
        if (!allowed) {
          event.preventDefault();
          event.stopPropagation();
          notifyNoPermission();
          return;
        }
        onClick?.(event);
      }}
    />
  );
}
