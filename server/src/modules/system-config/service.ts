import type { TConfigItem } from '@seller-centre/contract/system-config';
import type { Db } from '../../db/client.ts';
import { findSystemConfig } from './repository.ts';

/** The login carousel's config code (spec 01 section 3): a list of {img_url, jump_url?}. */
export const LOGIN_ADVERTISING_MAP = 'login_advertising_map';

/** Platform-wide configuration, public: the login page reads it before anyone signs in. */
export async function getSystemConfig(db: Db): Promise<TConfigItem[]> {
  const rows = await findSystemConfig(db);
  return rows.map((r) => ({ config_code: r.config_code, config_value: r.config_value }));
}

