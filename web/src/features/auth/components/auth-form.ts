import type { InputWiring } from './use-auth-form.ts';

/** A form of the signed-out pages (useAuthForm), as the fields shared between them see it. */
export interface AuthForm {
  values: Record<string, unknown>;
  set(name: string, value: unknown): void;
  validate(names?: string[]): { ok: boolean };
  input(name: string): InputWiring;
  errorOf(name: string): string | undefined;
  idOf(name: string): string;
}
