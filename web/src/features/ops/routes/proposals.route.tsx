import { SafetyCertificateOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../ops-route.ts';

export default defineOpsRoute({
  path: 'proposals',
  order: 15,
  titleKey: 'ops-proposals.nav',
  icon: <SafetyCertificateOutlined />,
  page: lazy(() => import('../pages/proposals-page.tsx')),
});
