import {
  authPaths,
  type TFindPasswordRequest,
  type TRegisterRequest,
  type TRegisterResult,
} from '@seller-centre/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api-client.ts';

function register(body: TRegisterRequest): Promise<TRegisterResult> {
  return apiRequest<TRegisterResult>('POST', authPaths.register, { body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

function findPassword(body: TFindPasswordRequest): Promise<null> {
  return apiRequest<null>('POST', authPaths.findPassword, { body });
}

export function useFindPassword() {
  return useMutation({ mutationFn: findPassword });
}
