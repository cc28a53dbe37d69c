import type { Catalogue } from './catalogue.ts';

/** Roles, permissions, employee accounts and data authority. */
export const accessMessages = {} as const satisfies Catalogue;
