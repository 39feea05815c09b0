-- Relay firmware tasks (docs/product/relay.md, "Relay firmware"): a FUOTA transfer to the relays
-- (rhf3mr01) of a multicast group, between two firmware versions. The transfer itself is a
-- fuota_tasks row (a "run"), written when the task is enabled and again on each recompose.
-- The image travels with the task (at most 64 KiB) so a later run does not depend on the file store.
CREATE TABLE relay_fuota_tasks (
  fd_id serial PRIMARY KEY,
  mc_eui varchar(16) NOT NULL,
  owner_id integer NOT NULL,
  firmware_name varchar(64) NOT NULL,
  src_fw_version varchar(32) NOT NULL,
  dest_fw_version varchar(32) NOT NULL,
  redundancy_percent smallint NOT NULL,
  digest char(64) NOT NULL,
  payload bytea NOT NULL,
  payload_size integer NOT NULL,
  -- 0 until enabled, 1 from then on; the list derives 1–3 from the latest run.
  state smallint NOT NULL DEFAULT 0,
  -- The latest run's start and its expected end (the estimate from the fragment plan).
  enable_time bigint,
  expect_end_time bigint,
  -- The latest run, fuota_tasks.fd_id. No foreign key: a run deleted from the FUOTA list leaves
  -- the task ended with an error instead of blocking that delete.
  fuota_task_id integer,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX relay_fuota_tasks_mc_idx ON relay_fuota_tasks (mc_eui);

-- The relays of a task and the run each one was last in (devices/recompose runs only some of them;
-- the others keep the state of their earlier run). Their state is the run's fuota_devices row.
CREATE TABLE relay_fuota_devices (
  fd_id integer NOT NULL REFERENCES relay_fuota_tasks (fd_id) ON DELETE CASCADE,
  dev_eui varchar(16) NOT NULL,
  fuota_task_id integer,
  updated_at bigint NOT NULL,
  PRIMARY KEY (fd_id, dev_eui)
);
