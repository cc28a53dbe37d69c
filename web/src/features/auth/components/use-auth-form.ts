import { useCallback, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';

/** A field's check: the message to show, or undefined when the value is fine. */
export type Check<V> = (value: unknown, values: V) => string | undefined;
export type Checks<V> = { [K in keyof V]?: Check<V>[] };

type FieldState = { touched: boolean; error?: string };

/**
 * A form's values and messages. A field is checked when it changes (and again whenever another
 * one does, for the checks that read two fields) and all fields on submit, the first failing
 * check's message under it; on a failed submit the first wrong field takes the focus.
 */
export function useAuthForm<V extends Record<string, unknown>>(initial: V, checks: Checks<V>) {
  const [values, setValues] = useState<V>(initial);
  const [fields, setFields] = useState<Partial<Record<keyof V, FieldState>>>({});
  // The latest values and checks for the handlers (a check may read another field's new value).
  const valuesRef = useRef(values);
  const checksRef = useRef(checks);
  useLayoutEffect(() => {
    checksRef.current = checks;
  });
  const formId = useId();

  const errorOf = useCallback((name: keyof V, all: V): string | undefined => {
    for (const check of checksRef.current[name] ?? []) {
      const message = check(all[name], all);
      if (message) return message;
    }
    return undefined;
  }, []);

  const set = useCallback(
    <K extends keyof V>(name: K, value: V[K]) => {
      const next = { ...valuesRef.current, [name]: value };
      valuesRef.current = next;
      setValues(next);
      setFields((current) => {
        const updated: Partial<Record<keyof V, FieldState>> = { ...current, [name]: { touched: true } };
        for (const key of Object.keys(updated) as (keyof V)[]) {
          if (updated[key]?.touched) updated[key] = { touched: true, error: errorOf(key, next) };
        }
        return updated;
      });
    },
    [errorOf],
  );

  /** Checks the named fields (all when none are named); true when they pass. */
  const validate = useCallback(
    (names?: (keyof V)[]): { ok: boolean; failed: (keyof V)[] } => {
      const all = valuesRef.current;
      const list = names ?? (Object.keys(checksRef.current) as (keyof V)[]);
      const failed: (keyof V)[] = [];
      const updates: Partial<Record<keyof V, FieldState>> = {};
      for (const name of list) {
        const error = errorOf(name, all);
        updates[name] = { touched: true, error };
        if (error) failed.push(name);
      }
      setFields((current) => ({ ...current, ...updates }));
      return { ok: failed.length === 0, failed };
    },
    [errorOf],
  );

  const idOf = (name: keyof V) => `${formId}-${String(name)}`;

  const onSubmit = (onValid: (values: V) => void, onInvalid?: (failed: (keyof V)[]) => void) => (event: FormEvent) => {
    event.preventDefault();
    const { ok, failed } = validate();
    if (ok) {
      onValid(valuesRef.current);
      return;
    }
    onInvalid?.(failed);
    document.getElementById(idOf(failed[0]!))?.focus();
  };

  const reset = (names: (keyof V)[]) => {
    const next = { ...valuesRef.current };
    for (const name of names) next[name] = initial[name] ?? ('' as V[keyof V]);
    valuesRef.current = next;
    setValues(next);
    setFields((current) => {
      const updated = { ...current };
      for (const name of names) delete updated[name];
      return updated;
    });
  };

  /** What a text input of the field takes: value, change handler, id and its error's wiring. */
  const input = (name: keyof V & string): InputWiring => {
    const error = fields[name]?.error;
    return {
      id: idOf(name),
      name,
      value: String(values[name] ?? ''),
      onChange: (event: { target: { value: string } }) => set(name, event.target.value as V[typeof name]),
      'aria-invalid': error ? true : undefined,
      error,
    };
  };

  return { values, set, validate, onSubmit, reset, input, errorOf: (name: keyof V) => fields[name]?.error, idOf };
}

export type InputWiring = {
  id: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  'aria-invalid': true | undefined;
  error: string | undefined;
};
