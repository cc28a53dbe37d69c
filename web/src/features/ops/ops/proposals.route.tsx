import { SafetyCertificateOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../../../shared/ops/ops-route.ts';

export default defineOpsRoute({
  path: 'proposals',
  order: 15,
  titleKey: 'ops-proposals.nav',
  icon: <SafetyCertificateOutlined />,
  page: lazy(() => import('./proposals-page.tsx')),
});
