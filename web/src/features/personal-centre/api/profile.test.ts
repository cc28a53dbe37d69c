import type { TUserInfo } from '@seller-centre/contract/profile';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userInfoQuery } from '../../../shared/current-user.ts';
import { showEditedUser } from './profile.ts';

const user = (wechat: string) =>
  ({ user_name: 'demo', we_chat_open_id: wechat ? 'o_1' : '', we_chat_nickname: wechat }) as unknown as TUserInfo;

afterEach(() => vi.unstubAllGlobals());

describe('showEditedUser', () => {
  it('keeps an edit when a reload of the user info that began before it answers after it', async () => {
    // No session cookie to keep in step here.
    vi.stubGlobal('document', { cookie: '' });
    const queryClient = new QueryClient();
    let answerReload!: (info: TUserInfo) => void;
    // A reload a WeChat scan started: it read the account while WeChat was still bound.
    const reload = queryClient
      .fetchQuery({ ...userInfoQuery, queryFn: () => new Promise<TUserInfo>((resolve) => (answerReload = resolve)) })
      .catch(() => undefined);

    await showEditedUser(queryClient, user(''));
    answerReload(user('Bind Tester'));
    await reload;

    expect(queryClient.getQueryData(userInfoQuery.queryKey)?.we_chat_nickname).toBe('');
  });
});
