-- Export tasks: a tenant asks for a list as a file; a worker (platform/exports) writes it in the
-- background. The queue that hands each task to one worker is pg-boss's (schema pgboss, created
-- by pg-boss itself at start); this table is what the user sees and what a worker claims.
CREATE TABLE export_tasks (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  main_id       bigint NOT NULL REFERENCES users (id),
  user_id       bigint NOT NULL REFERENCES users (id),
  -- Which list (a registered export type, e.g. third-party-bill) and its filters as sent.
  type          text NOT NULL CHECK (char_length(type) BETWEEN 1 AND 64),
  filters       jsonb NOT NULL,
  format        text NOT NULL CHECK (format IN ('csv', 'xlsx')),
  -- The language of the column headers (the asker's).
  lang          text NOT NULL CHECK (lang IN ('zh', 'kr', 'th')),
  -- 1 waiting, 2 running, 3 done, 4 failed (the spec's export statuses).
  status        smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 4),
  progress      smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  rows_written  bigint NOT NULL DEFAULT 0,
  rows_total    bigint,
  file_name     text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 200),
  -- Relative to the exports directory; set when the file is complete.
  file_path     text,
  error_note    text NOT NULL DEFAULT '',
  -- Each claim by a worker raises it; a worker writes only while its claim is the current one,
  -- so a worker thought dead cannot overwrite the one that took over.
  claim         integer NOT NULL DEFAULT 0,
  worker        text NOT NULL DEFAULT '',
  heartbeat_at  timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  started_at    timestamptz,
  finished_at   timestamptz
);
CREATE INDEX export_tasks_owner ON export_tasks (main_id, type, created_at DESC, id DESC);
-- Running tasks whose worker stopped beating (a killed process), looked for by every instance.
CREATE INDEX export_tasks_running ON export_tasks (heartbeat_at) WHERE status = 2;

-- The key download links are signed with when DOWNLOAD_LINK_SECRET is not configured: made once,
-- shared by every instance on the database.
CREATE TABLE export_link_keys (
  id          smallint PRIMARY KEY CHECK (id = 1),
  secret      text NOT NULL CHECK (char_length(secret) >= 32),
  created_at  timestamptz NOT NULL DEFAULT now()
);
