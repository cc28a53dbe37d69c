import type { Queryable } from '../client.ts';

/** Demo data of access control: roles, employees, platforms, shops, warehouses (issue 4). */
export async function seedAccessDemo(_tx: Queryable, _mainId: number): Promise<void> {}
