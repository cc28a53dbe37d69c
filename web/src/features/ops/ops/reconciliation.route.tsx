import { AuditOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../../../shared/ops/ops-route.ts';

export default defineOpsRoute({
  path: 'reconciliation',
  order: 21,
  titleKey: 'ops.nav.reconciliation',
  icon: <AuditOutlined />,
  page: lazy(() => import('./reconciliation-page.tsx')),
});
