import { BankOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../ops-route.ts';

export default defineOpsRoute({
  path: 'withdrawals',
  order: 41,
  titleKey: 'distribution.ops.withdrawalsNav',
  icon: <BankOutlined />,
  page: lazy(() => import('../pages/withdrawals-page.tsx')),
});
