import type { TOperatorPermission } from '@seller-centre/contract/operators';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { operatorQuery } from './ops-api.ts';

/**
 * Whether the signed-in operator's role allows a permission (packages/contract/src/operators.ts),
 * from the operator the console loaded (`/api/ops/me`). The console hides what the role cannot
 * do; the server refuses it anyway (403). Until the operator has loaded, nothing beyond reading
 * is offered.
 *
 *   const can = useOpsCan();
 *   {can('money') && <Button>…</Button>}
 */
export function useOpsCan(): (permission: TOperatorPermission) => boolean {
  const { data } = useQuery(operatorQuery);
  const permissions = data?.permissions;
  return useCallback(
    (permission: TOperatorPermission) => permission === 'read' || (permissions?.includes(permission) ?? false),
    [permissions],
  );
}
