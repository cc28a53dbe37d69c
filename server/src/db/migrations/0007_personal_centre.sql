-- The personal centre's data of a tenant (main_id): plan packages per e-commerce platform,
-- added-value packages, coupons, distribution switches; and the platform-wide configuration.

CREATE TABLE package_platforms (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  main_id              bigint NOT NULL REFERENCES users (id),
  -- 1 ERP, 2 selection product
  system               smallint NOT NULL DEFAULT 1 CHECK (system IN (1, 2)),
  platform             text NOT NULL,
  platform_image_url   text NOT NULL DEFAULT '',
  shop_number          integer NOT NULL CHECK (shop_number >= 0),
  surplus_shop_number  integer NOT NULL CHECK (surplus_shop_number >= 0),
  expire_at            timestamptz NOT NULL
);
CREATE INDEX package_platforms_main_idx ON package_platforms (main_id, system, id);

CREATE TABLE package_added (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  main_id    bigint NOT NULL REFERENCES users (id),
  system     smallint NOT NULL DEFAULT 1 CHECK (system IN (1, 2)),
  code_name  text NOT NULL,
  total_num  integer NOT NULL CHECK (total_num >= 0),
  num_used   integer NOT NULL DEFAULT 0 CHECK (num_used >= 0)
);
CREATE INDEX package_added_main_idx ON package_added (main_id, system, id);

-- A coupon's tab is derived, never stored: used when used_at is set, else expired once
-- expiration_time has passed, else not used.
CREATE TABLE coupons (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  main_id           bigint NOT NULL REFERENCES users (id),
  title             text NOT NULL,
  use_type          smallint NOT NULL CHECK (use_type IN (1, 2, 3)),
  use_type_value    smallint CHECK (use_type_value IN (1, 2, 3, 4, 6, 7)),
  discount_type     smallint NOT NULL CHECK (discount_type IN (1, 2, 3)),
  -- yuan for types 1 and 2; for type 3 the rate in tenths paid (8.50 = pay 85 %)
  discount_value    numeric(12, 2) NOT NULL CHECK (discount_value > 0),
  min_basket_price  numeric(12, 2) NOT NULL DEFAULT 0 CHECK (min_basket_price >= 0),
  expiration_time   timestamptz NOT NULL,
  system_type       smallint NOT NULL DEFAULT 1 CHECK (system_type IN (1, 2)),
  used_at           timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (discount_type <> 3 OR discount_value < 10)
);
CREATE INDEX coupons_unused_idx ON coupons (main_id, expiration_time) WHERE used_at IS NULL;
CREATE INDEX coupons_used_idx ON coupons (main_id, used_at DESC) WHERE used_at IS NOT NULL;

-- The older base's distribution info, per tenant; no row means both off.
CREATE TABLE distribution_settings (
  main_id              bigint PRIMARY KEY REFERENCES users (id),
  is_show_distributor  boolean NOT NULL DEFAULT false,
  is_sync_m2b          boolean NOT NULL DEFAULT false
);

-- Platform configuration shown before sign-in (the login carousel, ...): code -> JSON value.
CREATE TABLE system_config (
  config_code   text PRIMARY KEY,
  config_value  jsonb NOT NULL,
  sort          integer NOT NULL DEFAULT 0,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
