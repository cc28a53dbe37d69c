-- Re-authentication before sensitive account changes. An account without a password proves
-- itself with an SMS code sent to its own phone for the purpose 'reauth:'. A QR scene for binding
-- a WeChat in the personal centre is issued only after that proof, to the account that gave it:
-- bind_user_id names it, and only that account can bind with the scene (a sign-in scene, whose
-- bind_user_id is NULL, binds nothing; a binding scene signs nobody in).
ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_type_check;
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_type_check
  CHECK (type IN ('register:', 'find_pwd:', 'login:', 'reauth:'));
ALTER TABLE wechat_scenes ADD COLUMN bind_user_id bigint REFERENCES users (id);
