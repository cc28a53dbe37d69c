import { BankOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../../../shared/ops/ops-route.ts';

export default defineOpsRoute({
  path: 'withdrawals',
  order: 41,
  titleKey: 'distribution.ops.withdrawalsNav',
  icon: <BankOutlined />,
  page: lazy(() => import('./withdrawals-page.tsx')),
});
