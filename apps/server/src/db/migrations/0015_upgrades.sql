-- Gateway upgrades (docs/product/gateway-upgrades.md). Versions point at files in the store.
CREATE TABLE upgrade_versions (
  id serial PRIMARY KEY,
  -- 1 deb, 2 agent, 3 packet forwarder, 4 opkg
  kind smallint NOT NULL,
  name varchar(20) NOT NULL,
  digest char(64) NOT NULL,
  file_name varchar(128) NOT NULL,
  size integer NOT NULL,
  restart_after_install boolean NOT NULL DEFAULT false,
  arch varchar(8),
  created_at bigint NOT NULL
);
CREATE UNIQUE INDEX upgrade_versions_name_uq ON upgrade_versions (kind, name);

CREATE TABLE upgrade_tasks (
  id serial PRIMARY KEY,
  name varchar(64) NOT NULL UNIQUE,
  kind smallint NOT NULL,
  -- No foreign key: a version may go once its tasks are over; they keep its name.
  version_id integer NOT NULL,
  version_name varchar(20) NOT NULL,
  gateway_types jsonb NOT NULL,
  max_limit smallint NOT NULL,
  state varchar(16) NOT NULL DEFAULT 'waiting',
  -- The instance running the task holds it until then (another takes over after a crash).
  lease_until bigint NOT NULL DEFAULT 0,
  lease_owner varchar(40) NOT NULL DEFAULT '',
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

-- One row per gateway and task: where its upgrade is.
CREATE TABLE upgrade_records (
  id serial PRIMARY KEY,
  task_id integer NOT NULL REFERENCES upgrade_tasks (id) ON DELETE CASCADE,
  gateway_id varchar(16) NOT NULL,
  gateway_name varchar(64) NOT NULL,
  kind smallint NOT NULL,
  version_id integer NOT NULL,
  version_name varchar(20) NOT NULL,
  from_version varchar(128) NOT NULL DEFAULT '',
  state varchar(16) NOT NULL DEFAULT 'waiting',
  install_status smallint NOT NULL DEFAULT 1,
  progress smallint NOT NULL DEFAULT 0,
  tries smallint NOT NULL DEFAULT 0,
  error text,
  -- waiting/retry: not before; upgrading/rebooting: given up after.
  next_at bigint NOT NULL DEFAULT 0,
  started_at bigint,
  finished_at bigint,
  updated_at bigint NOT NULL
);
CREATE UNIQUE INDEX upgrade_records_task_gateway_uq ON upgrade_records (task_id, gateway_id);
CREATE INDEX upgrade_records_gateway_idx ON upgrade_records (gateway_id, id DESC);
CREATE INDEX upgrade_records_version_idx ON upgrade_records (version_id, id DESC);

-- Catalogues for pico gateways (delivered by their own protocol, not the agent).
CREATE TABLE gateway_sdks (
  id serial PRIMARY KEY,
  version varchar(20) NOT NULL,
  control_type varchar(16) NOT NULL,
  digest char(64) NOT NULL,
  file_name varchar(128) NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE UNIQUE INDEX gateway_sdks_version_uq ON gateway_sdks (control_type, version);

CREATE TABLE pico_firmware (
  id serial PRIMARY KEY,
  gw_type varchar(20) NOT NULL,
  version varchar(20) NOT NULL,
  digest char(64) NOT NULL,
  file_name varchar(128) NOT NULL,
  created_at bigint NOT NULL
);
CREATE UNIQUE INDEX pico_firmware_version_uq ON pico_firmware (gw_type, version);
