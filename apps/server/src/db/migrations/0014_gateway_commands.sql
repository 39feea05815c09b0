-- Gateway remote operations (docs/product/gateway-operations.md): one row per command sent to a
-- gateway's agent, web shell session, noise scan and log download, kept after the gateway goes.
CREATE TABLE gateway_commands (
  id serial PRIMARY KEY,
  gateway_id varchar(16) NOT NULL,
  cmd_type varchar(32) NOT NULL,
  c_token varchar(64) NOT NULL,
  extra jsonb,
  state varchar(16) NOT NULL,
  -- Whether it keeps other exclusive commands off the gateway while it runs (12008).
  exclusive boolean NOT NULL,
  result jsonb,
  error text,
  user_name varchar(64) NOT NULL,
  created_at bigint NOT NULL,
  -- A row still running after this is a lost answer (an instance went away): read as timed out.
  deadline bigint NOT NULL,
  finished_at bigint
);
CREATE UNIQUE INDEX gateway_commands_token_uq ON gateway_commands (gateway_id, c_token);
-- One exclusive command at a time per gateway, also between instances.
CREATE UNIQUE INDEX gateway_commands_running_uq ON gateway_commands (gateway_id) WHERE state = 'running' AND exclusive;
CREATE INDEX gateway_commands_gateway_idx ON gateway_commands (gateway_id, id DESC);

-- Noise scans: the range asked for and the points measured, with the command row that ran it.
CREATE TABLE gateway_scans (
  id serial PRIMARY KEY,
  command_id integer NOT NULL REFERENCES gateway_commands (id) ON DELETE CASCADE,
  gateway_id varchar(16) NOT NULL,
  frequency_min integer NOT NULL,
  frequency_max integer NOT NULL,
  frequency_step integer NOT NULL,
  progress smallint NOT NULL DEFAULT 0,
  points jsonb
);
CREATE INDEX gateway_scans_gateway_idx ON gateway_scans (gateway_id, id DESC);
