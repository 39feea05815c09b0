-- Subnet cutover tasks (docs/product/subnet-cutover.md). Status numbers as in the contract:
-- 1 waiting, 2 request sent, 3 confirmed, 4 finished, 5 canceled, 6 failed.
CREATE TABLE subnet_switch_tasks (
  id serial PRIMARY KEY,
  name varchar(64) NOT NULL UNIQUE,
  interval_s integer NOT NULL,
  switch_time bigint NOT NULL,
  grace_s integer NOT NULL,
  -- region:subnet
  current_plan varchar(64) NOT NULL,
  next_plan varchar(64) NOT NULL,
  status smallint NOT NULL DEFAULT 1,
  trigger_count integer NOT NULL DEFAULT 0,
  next_time bigint NOT NULL,
  -- Set once the gateways and devices moved to next_plan.
  switched_at bigint,
  error_message text,
  -- The instance running the task holds it until then (another takes over after a crash).
  lease_until bigint NOT NULL DEFAULT 0,
  lease_owner varchar(40) NOT NULL DEFAULT '',
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

CREATE TABLE subnet_switch_gateways (
  task_id integer NOT NULL REFERENCES subnet_switch_tasks (id) ON DELETE CASCADE,
  gw_id varchar(16) NOT NULL,
  gw_name varchar(64) NOT NULL,
  manual boolean NOT NULL DEFAULT false,
  status smallint NOT NULL DEFAULT 1,
  tries smallint NOT NULL DEFAULT 0,
  error text,
  -- status 2 (pushing): tried again after this.
  next_at bigint NOT NULL DEFAULT 0,
  updated_at bigint NOT NULL,
  PRIMARY KEY (task_id, gw_id)
);
-- A gateway is in one open task at most, across instances.
CREATE UNIQUE INDEX subnet_switch_gateways_open_uq ON subnet_switch_gateways (gw_id) WHERE status <= 3;

CREATE TABLE subnet_switch_devices (
  task_id integer NOT NULL REFERENCES subnet_switch_tasks (id) ON DELETE CASCADE,
  dev_eui varchar(16) NOT NULL,
  dev_name varchar(64) NOT NULL,
  app_id integer NOT NULL,
  status smallint NOT NULL DEFAULT 1,
  -- What the last request asked: 0 none, 1 union of both plans, 2 next plan, 3 current plan again.
  phase smallint NOT NULL DEFAULT 0,
  trigger_count integer NOT NULL DEFAULT 0,
  -- The next request goes with the first downlink after this.
  next_send_at bigint NOT NULL DEFAULT 0,
  last_sent_at bigint,
  -- Canceled after the union was sent: the current plan is still to be told.
  revert boolean NOT NULL DEFAULT false,
  error text,
  updated_at bigint NOT NULL,
  PRIMARY KEY (task_id, dev_eui)
);
CREATE UNIQUE INDEX subnet_switch_devices_open_uq ON subnet_switch_devices (dev_eui) WHERE status <= 3;
CREATE INDEX subnet_switch_devices_revert_idx ON subnet_switch_devices (dev_eui) WHERE revert;
