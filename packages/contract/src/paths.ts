/** The API lives under one prefix; everything else is the single-page app. */
export const API_PREFIX = '/api';

export const apiPaths = {
  health: '/api/health',
  ready: '/api/health/ready',
  docs: '/api/docs',
} as const;

/** Browser routes (docs/product.md). */
export const webPaths = {
  root: '/',
  login: '/login',
  logout: '/logout',
  register: '/register',
  forgetPassword: '/forget-password',
  home: '/home',
} as const;

/** The personal centre's modules in menu order: `/home?active=<key>` opens one (docs/product.md). */
export const HOME_MODULE_KEYS = [
  'personalCenter',
  'serviceUpgrade',
  'myCoupon',
  'roleManagement',
  'authorityManagement',
  'auditLog',
  'myBill',
  'distributionBill',
  'earnMoney',
  'distributor',
] as const;
export type THomeModuleKey = (typeof HOME_MODULE_KEYS)[number];
