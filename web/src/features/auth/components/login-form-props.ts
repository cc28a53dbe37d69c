import type { TLoginResult } from '@seller-centre/contract/auth';
import type { SystemChoice } from '../login-flow.ts';

/** What the login page hands each sign-in form. */
export type LoginFormProps = {
  system: SystemChoice;
  longTime: boolean;
  /** True while the success message shows before the redirect. */
  busy: boolean;
  onSuccess: (result: TLoginResult) => void;
};
