import { AccountBookOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../../../shared/ops/ops-route.ts';

export default defineOpsRoute({
  path: 'third-party',
  order: 46,
  titleKey: 'ops-third-party.nav',
  icon: <AccountBookOutlined />,
  page: lazy(() => import('./third-party-page.tsx')),
});
