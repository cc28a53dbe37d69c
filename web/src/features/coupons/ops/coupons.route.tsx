import { GiftOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../../../shared/ops/ops-route.ts';

export default defineOpsRoute({
  path: 'coupons',
  order: 10,
  titleKey: 'ops.nav.coupons',
  icon: <GiftOutlined />,
  page: lazy(() => import('./coupons-page.tsx')),
});
