/** The API lives under one prefix; everything else is the single-page app. */
export const API_PREFIX = '/api';

export const apiPaths = {
  health: '/api/health',
  docs: '/api/docs',
} as const;

/** Browser routes (spec 01 section 2). */
export const webPaths = {
  root: '/',
  login: '/login',
  logout: '/logout',
  register: '/register',
  forgetPassword: '/forget-password',
  home: '/home',
} as const;
