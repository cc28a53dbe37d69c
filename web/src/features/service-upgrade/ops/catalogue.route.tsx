import { TagsOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../../../shared/ops/ops-route.ts';

export default defineOpsRoute({
  path: 'catalogue',
  order: 30,
  titleKey: 'ops.nav.catalogue',
  icon: <TagsOutlined />,
  page: lazy(() => import('./catalogue-page.tsx')),
});
