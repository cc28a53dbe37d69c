import { describe, expect, it } from 'vitest';
import { advertisingImagesOf } from './system-config.ts';

describe('advertisingImagesOf', () => {
  it('reads the carousel images, with or without a link', () => {
    expect(
      advertisingImagesOf([
        { config_code: 'other', config_value: 1 },
        {
          config_code: 'login_advertising_map',
          config_value: [{ img_url: '/a.svg', jump_url: '/register' }, { img_url: '/b.svg' }],
        },
      ]),
    ).toEqual([{ img_url: '/a.svg', jump_url: '/register' }, { img_url: '/b.svg' }]);
  });

  it('skips malformed entries and survives a missing or odd config', () => {
    expect(advertisingImagesOf([])).toEqual([]);
    expect(advertisingImagesOf([{ config_code: 'login_advertising_map', config_value: 'nope' }])).toEqual([]);
    expect(
      advertisingImagesOf([
        {
          config_code: 'login_advertising_map',
          config_value: [{ img_url: '' }, { jump_url: '/x' }, null, { img_url: '/c.svg' }],
        },
      ]),
    ).toEqual([{ img_url: '/c.svg' }]);
  });
});
