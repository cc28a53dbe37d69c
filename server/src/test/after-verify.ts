import type * as Passwords from '../platform/passwords.ts';

/**
 * Runs once, right after the next password check, as if another request acted at that moment.
 * A test file sets `afterVerify.next` and mocks the passwords module with `passwordsWithHook`:
 *
 *   vi.mock('../../platform/passwords.ts', async (original) =>
 *     (await import('../../test/after-verify.ts')).passwordsWithHook(original));
 */
export const afterVerify: { next: (() => Promise<void>) | undefined } = { next: undefined };

export async function passwordsWithHook(importOriginal: <T>() => Promise<T>): Promise<typeof Passwords> {
  const actual = await importOriginal<typeof Passwords>();
  return {
    ...actual,
    async verifyPassword(hash: string, password: string) {
      const right = await actual.verifyPassword(hash, password);
      const hook = afterVerify.next;
      afterVerify.next = undefined;
      if (hook) await hook();
      return right;
    },
  };
}
