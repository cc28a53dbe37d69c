import { AccountBookOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../ops-route.ts';

export default defineOpsRoute({
  path: 'third-party',
  order: 46,
  titleKey: 'ops-third-party.nav',
  icon: <AccountBookOutlined />,
  page: lazy(() => import('../pages/third-party-page.tsx')),
});
