-- WeChat QR codes. A scene is random, single use and expires; the scan (from the official
-- account's event webhook, or the simulator) records the WeChat open id against it. Kept in the
-- database so the instance that answers the poll need not be the one that received the scan.
CREATE TABLE wechat_scenes (
  scene_mark   text PRIMARY KEY,
  open_id      text,
  nickname     text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  scanned_at   timestamptz,
  consumed_at  timestamptz,
  -- the account that signed in or bound with this scene (audit)
  user_id      bigint REFERENCES users (id)
);
CREATE INDEX wechat_scenes_expires_at_idx ON wechat_scenes (expires_at);
