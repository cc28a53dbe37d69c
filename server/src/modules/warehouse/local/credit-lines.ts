import { applyForCredit, deleteApplication, listCreditApplications, voidApplication } from '../credit-line-service.ts';
import type { LocalHandlers } from './types.ts';

/** Credit-line applications: the tenant's side. Operators approve or reject in the console. */
export const creditLineHandlers: LocalHandlers = {
  quotaApply: applyForCredit,
  getCreditLineList: listCreditApplications,
  voidApply: voidApplication,
  deleteApply: deleteApplication,
};
