import { TeamOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../../../shared/ops/ops-route.ts';

export default defineOpsRoute({
  path: 'operators',
  order: 90,
  titleKey: 'ops.nav.operators',
  icon: <TeamOutlined />,
  page: lazy(() => import('./operators-page.tsx')),
});
