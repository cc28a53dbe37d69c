-- One phone, one form: national digits, no country code, no trunk prefix (the rule of
-- `normalisePhone` in the contract, which every request now goes through). Rows written before
-- the rule are rewritten by the same steps: drop separators; `+` or `00` then a served country
-- code sets the area; the area's own code written in front of a number longer than that area's
-- national numbers is dropped; leading zeros (the trunk prefix) are dropped.
CREATE TEMP TABLE phone_fix ON COMMIT DROP AS
WITH cleaned AS (
  SELECT id, area, phone_number AS before, regexp_replace(phone_number, '[^0-9+]', '', 'g') AS d
  FROM users
), international AS (
  SELECT id, area, before, d,
         CASE WHEN d LIKE '+%' THEN substr(d, 2) WHEN d LIKE '00%' THEN substr(d, 3) END AS i
  FROM cleaned
), coded AS (
  SELECT id, area, before, d, i,
         (SELECT c FROM unnest(ARRAY['86', '988', '66', '65', '88']) AS c WHERE i LIKE c || '%' LIMIT 1) AS code
  FROM international
), national AS (
  SELECT id, before,
         CASE WHEN i IS NOT NULL AND code IS NOT NULL THEN code ELSE area END AS area,
         CASE
           WHEN i IS NOT NULL AND code IS NOT NULL THEN substr(i, length(code) + 1)
           WHEN d LIKE area || '%'
                AND length(d) > (CASE area WHEN '86' THEN 11 WHEN '66' THEN 9 WHEN '65' THEN 8 ELSE 12 END)
             THEN substr(d, length(area) + 1)
           ELSE d
         END AS n
  FROM coded
)
SELECT id, before, area, regexp_replace(n, '^0+', '') AS phone_number FROM national;

-- Two accounts that turn out to be one phone, or a phone that is no phone, need a person to
-- decide (which account keeps the number): the upgrade stops and names them rather than guess.
DO $$
DECLARE
  clash text;
BEGIN
  SELECT string_agg(area || ' ' || phone_number || ': accounts ' || ids, '; ') INTO clash
  FROM (
    SELECT area, phone_number, string_agg(id::text, ',' ORDER BY id) AS ids
    FROM phone_fix GROUP BY area, phone_number HAVING count(*) > 1
  ) AS dup;
  IF clash IS NOT NULL THEN
    RAISE EXCEPTION 'these accounts share a phone once normalised; change all but one first: %', clash;
  END IF;
  SELECT string_agg(id::text || ' (' || before || ')', ', ' ORDER BY id) INTO clash
  FROM phone_fix WHERE phone_number !~ '^[1-9][0-9]{3,13}$';
  IF clash IS NOT NULL THEN
    RAISE EXCEPTION 'these accounts have a phone that is not a phone number; correct them first: %', clash;
  END IF;
END $$;

-- Two passes so that a number moving onto another row's old form never trips the unique index.
UPDATE users u SET phone_number = '#' || u.id FROM phone_fix f
WHERE f.id = u.id AND (u.phone_number, u.area) IS DISTINCT FROM (f.phone_number, f.area);
UPDATE users u SET phone_number = f.phone_number, area = f.area FROM phone_fix f
WHERE f.id = u.id AND u.phone_number = '#' || u.id;

-- The unique index (area, phone_number) now holds one row per real phone; the database refuses
-- any other form, so a path that forgot to normalise fails loudly instead of making a second phone.
ALTER TABLE users ADD CONSTRAINT users_phone_normalised CHECK (phone_number ~ '^[1-9][0-9]{3,13}$');

-- Codes already sent keep working: they are keyed the same way.
UPDATE sms_codes SET phone_number = regexp_replace(phone_number, '^0+', '')
WHERE phone_number LIKE '0%' AND phone_number ~ '^0+[1-9]';
UPDATE sms_outbox SET phone_number = regexp_replace(phone_number, '^0+', '')
WHERE phone_number LIKE '0%' AND phone_number ~ '^0+[1-9]';
