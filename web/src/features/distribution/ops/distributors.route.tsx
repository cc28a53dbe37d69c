import { TeamOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../../../shared/ops/ops-route.ts';

export default defineOpsRoute({
  path: 'distributors',
  order: 42,
  titleKey: 'distribution.ops.distributorsNav',
  icon: <TeamOutlined />,
  page: lazy(() => import('./distributors-page.tsx')),
});
