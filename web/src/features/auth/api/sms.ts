import { authPaths, SMS_AGENT_ID, type TSendSmsResult, type TSmsType } from '@seller-centre/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api-client.ts';

export type SendSmsInput = { type: TSmsType; area: string; phone_number: string };

function sendSmsCode(input: SendSmsInput): Promise<TSendSmsResult> {
  return apiRequest<TSendSmsResult>('GET', authPaths.sms, { query: { agent_id: SMS_AGENT_ID, ...input } });
}

export function useSendSmsCode() {
  return useMutation({ mutationFn: sendSmsCode });
}
