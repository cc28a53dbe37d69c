import { webPaths } from '@seller-centre/contract/paths';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../shared/notify.ts';
import { POST_REGISTER_DELAY_MS } from './login-flow.ts';

/**
 * After registering or resetting a password: say so, then go to /login after 1 s (docs/product.md
 * section 4), with `state` for the login page (a registration hands over the new phone).
 * `done` keeps the submit button busy meanwhile.
 */
export function useBackToLogin(): { done: boolean; finish: (message: string, state?: unknown) => void } {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const finish = (message: string, state?: unknown) => {
    setDone(true);
    notify.success(message);
    timer.current = setTimeout(() => void navigate(webPaths.login, { replace: true, state }), POST_REGISTER_DELAY_MS);
  };
  return { done, finish };
}

/** The privacy terms are a warning message as well as a field error (docs/product.md). */
export function warnIfPrivacyUnchecked(failedFields: readonly PropertyKey[], message: string): void {
  if (failedFields.includes('checked')) notify.warning(message);
}
