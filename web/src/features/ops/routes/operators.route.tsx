import { TeamOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../ops-route.ts';

export default defineOpsRoute({
  path: 'operators',
  order: 90,
  titleKey: 'ops.nav.operators',
  icon: <TeamOutlined />,
  page: lazy(() => import('../pages/operators-page.tsx')),
});
