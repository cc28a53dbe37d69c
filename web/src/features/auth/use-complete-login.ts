import type { TLoginResult } from '@seller-centre/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { appConfig } from '../../shared/app-config.ts';
import { SESSION_QUERY_KEY } from '../../shared/current-user.ts';
import { notify } from '../../shared/notify.ts';
import { clearLocalValues, clearSession, saveSession, setDefaultSystem } from '../../shared/session.ts';
import {
  extensionMessage,
  isInAppPath,
  POST_LOGIN_DELAY_MS,
  postLoginTarget,
  sessionUserOf,
  type SystemChoice,
} from './login-flow.ts';

export type CompleteLoginOptions = {
  /** 'Automatic login 7 days' was ticked: the cookies outlive the browser for the session's lifetime. */
  keepSignedIn: boolean;
  /** A same-origin page the visitor asked for before signing in (already checked). */
  returnTo?: string;
};

/**
 * What every sign-in method does on success (docs/product.md): the success message, the
 * session cookies, a note to the browser extension, and after 1 s the page the visitor asked
 * for, else the ERP or the selection product by the chosen system.
 */
export function useCompleteLogin(): (
  result: TLoginResult,
  system: SystemChoice,
  options: CompleteLoginOptions,
) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(
    (result, system, options) => {
      // Whoever was signed in before is forgotten, cookies and cached user alike.
      clearSession();
      queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
      saveSession(result.authorization, sessionUserOf(result), options.keepSignedIn ? result.expires_in : undefined);
      setDefaultSystem(system);
      notify.success(t('auth.login.success'));
      // A browser extension's content script on this page listens for it, if one is installed.
      window.postMessage(extensionMessage(result, system), window.location.origin);

      const target = options.returnTo ?? postLoginTarget(appConfig, system, result.account_type);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (isInAppPath(target)) void navigate(target, { replace: true });
        else window.location.assign(target);
      }, POST_LOGIN_DELAY_MS);
    },
    [navigate, queryClient, t],
  );
}

/** A failed sign-in forgets locally saved values, except language and defaultChoose (docs/product.md). */
export function forgetAfterFailedLogin(): void {
  clearLocalValues();
}
