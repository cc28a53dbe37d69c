import type { Catalogue } from './catalogue.ts';

/** Sign-in, registration, password reset, SMS, WeChat and the personal centre. */
export const authMessages = {} as const satisfies Catalogue;
