-- The file store: one row per stored content (the bytes live under DATA_DIR/files/<digest>).
CREATE TABLE files (
  digest char(64) PRIMARY KEY,
  name varchar(128) NOT NULL,
  size integer NOT NULL,
  owner_id integer NOT NULL,
  created_at bigint NOT NULL
);

-- FUOTA transfer tasks: one image to the devices of a multicast group (docs/protocols/fuota.md).
-- The image travels with the task (at most 64 KiB) so any instance can run it after a restart.
CREATE TABLE fuota_tasks (
  fd_id serial PRIMARY KEY,
  mc_eui varchar(16) NOT NULL,
  owner_id integer NOT NULL,
  firmware_name varchar(64) NOT NULL,
  old_version varchar(32) NOT NULL DEFAULT '',
  new_version varchar(32) NOT NULL DEFAULT '',
  digest char(64) NOT NULL,
  payload bytea NOT NULL,
  payload_size integer NOT NULL,
  redundancy_percent smallint NOT NULL,
  frag_size smallint NOT NULL,
  nb_frag integer NOT NULL,
  padding smallint NOT NULL,
  redundancy integer NOT NULL,
  frags_sent integer NOT NULL DEFAULT 0,
  state smallint NOT NULL DEFAULT 0,
  -- When the runner looks at the task next; `step_ends`: when it stops waiting for answers.
  next_step_time bigint NOT NULL,
  step_ends bigint,
  -- The instance running a step holds the task until then (another takes it over after a crash).
  lease_until bigint NOT NULL DEFAULT 0,
  error_message text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  finished_at bigint
);
-- One running task per group (16001).
CREATE UNIQUE INDEX fuota_tasks_running_uq ON fuota_tasks (mc_eui) WHERE state < 6;
CREATE INDEX fuota_tasks_due_idx ON fuota_tasks (next_step_time) WHERE state < 6;

CREATE TABLE fuota_devices (
  fd_id integer NOT NULL REFERENCES fuota_tasks (fd_id) ON DELETE CASCADE,
  dev_eui varchar(16) NOT NULL,
  state smallint NOT NULL DEFAULT 0,
  attempts smallint NOT NULL DEFAULT 0,
  nb_frag_received integer,
  nb_frag_missing integer,
  error_message text,
  updated_at bigint NOT NULL,
  PRIMARY KEY (fd_id, dev_eui)
);
CREATE INDEX fuota_devices_dev_idx ON fuota_devices (dev_eui);
