-- Frequency plans (docs/product/frequency-plans.md): packet-forwarder global configurations per
-- region/subnet, tx lookup tables per gateway type and region (files in the store), and what each
-- gateway's agent applied.
CREATE TABLE global_confs (
  id serial PRIMARY KEY,
  region varchar(16) NOT NULL,
  subnet varchar(32) NOT NULL,
  digest char(64) NOT NULL,
  file_name varchar(128) NOT NULL,
  -- SX130x or SX1301: the concentrator section the file has.
  chip varchar(8) NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE UNIQUE INDEX global_confs_region_subnet_uq ON global_confs (region, subnet);

CREATE TABLE tx_luts (
  id serial PRIMARY KEY,
  -- A type with a table cannot be deleted (7004).
  gw_type_id integer NOT NULL REFERENCES gateway_types (id),
  region varchar(16) NOT NULL,
  digest char(64) NOT NULL,
  file_name varchar(128) NOT NULL,
  entries smallint NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE UNIQUE INDEX tx_luts_type_region_uq ON tx_luts (gw_type_id, region);

-- The last push of its effective configuration to a gateway's agent.
CREATE TABLE pf_conf_pushes (
  gateway_id varchar(16) PRIMARY KEY REFERENCES gateways (gw_id) ON DELETE CASCADE,
  -- SHA-256 of the configuration pushed.
  sha256 char(64) NOT NULL,
  -- applying, applied or error.
  state varchar(16) NOT NULL,
  error text,
  -- SHA-256 of the configuration the agent applied last (kept across a failed push).
  applied_sha256 char(64),
  applied_at bigint,
  -- An applying push not answered by then is over (the instance waiting for it went away).
  deadline bigint NOT NULL DEFAULT 0,
  updated_at bigint NOT NULL
);
