import { AuditOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../../../shared/ops/ops-route.ts';

export default defineOpsRoute({
  path: 'audit-log',
  order: 90,
  titleKey: 'ops-audit.nav',
  icon: <AuditOutlined />,
  page: lazy(() => import('./audit-log-page.tsx')),
});
