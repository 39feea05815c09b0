-- Gateways, gateway types, gateway tags and region colours (docs/product/gateways.md).
-- The region/subnet catalogue lives in packages/lorawan; only colours are stored here.

CREATE TABLE gateway_types (
  id serial PRIMARY KEY,
  name varchar(20) NOT NULL UNIQUE CHECK (name = lower(name)),
  arch varchar(8) NOT NULL CHECK (arch IN ('arm', 'mipsle', 'stm32l4')),
  color varchar(7) NOT NULL DEFAULT '#666666',
  support_gps boolean NOT NULL DEFAULT false,
  -- [{model, lte, wifi}]
  submodels jsonb NOT NULL DEFAULT '[]',
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

CREATE TABLE gateways (
  gw_id varchar(16) PRIMARY KEY CHECK (gw_id ~ '^[0-9a-f]{16}$'),
  owner_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name varchar(64) NOT NULL,
  gw_type_id integer NOT NULL REFERENCES gateway_types(id),
  region varchar(16) NOT NULL,
  subnet varchar(32) NOT NULL,
  push_urls jsonb NOT NULL DEFAULT '[]',
  headers jsonb NOT NULL DEFAULT '{}',
  tx_power smallint NOT NULL DEFAULT 0,
  enable_class_b boolean NOT NULL DEFAULT false,
  enable_class_c boolean NOT NULL DEFAULT false,
  enable_bridge_log boolean NOT NULL DEFAULT false,
  enable_pfw boolean NOT NULL DEFAULT false,
  mqtt_keep_alive smallint NOT NULL DEFAULT 10,
  stat_interval smallint NOT NULL DEFAULT 300,
  -- Pico gateways only: {publicChannel, dataChannel, heartBeatPeriod, upgradeServer, proxyServer, timeZone}
  extended_attr jsonb,
  remarks varchar(50) NOT NULL DEFAULT '',
  ntp_server varchar(128) NOT NULL DEFAULT '',
  map_type varchar(8),
  latitude double precision,
  longitude double precision,
  altitude double precision,
  -- Data plane state: link state, last frame or heartbeat, last reported status (GatewayReport).
  online boolean NOT NULL DEFAULT false,
  mqtt boolean NOT NULL DEFAULT false,
  last_seen bigint,
  status jsonb NOT NULL DEFAULT '{}',
  -- gateway_tags ids (the owner's); deleting a tag removes it here in the same transaction.
  tag_ids integer[] NOT NULL DEFAULT '{}',
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  UNIQUE (owner_id, name)
);
CREATE INDEX gateways_owner_idx ON gateways(owner_id, created_at);
CREATE INDEX gateways_region_idx ON gateways(region, created_at);
CREATE INDEX gateways_type_idx ON gateways(gw_type_id);
CREATE INDEX gateways_created_idx ON gateways(created_at);
CREATE INDEX gateways_tags_idx ON gateways USING gin (tag_ids);

CREATE TABLE gateway_tags (
  id serial PRIMARY KEY,
  owner_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name varchar(30) NOT NULL,
  group_name varchar(30) NOT NULL DEFAULT '',
  created_at bigint NOT NULL,
  UNIQUE (owner_id, group_name, name)
);

CREATE TABLE region_colors (
  region varchar(16) PRIMARY KEY,
  color varchar(7) NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

INSERT INTO region_colors (region, color, created_at, updated_at)
SELECT r, c, (extract(epoch FROM now()) * 1000)::bigint, (extract(epoch FROM now()) * 1000)::bigint
FROM (VALUES
  ('eu868', '#2196f3'), ('us915', '#f44336'), ('au915', '#ff9800'), ('cn470', '#4caf50'),
  ('as923-1', '#9c27b0'), ('as923-2', '#673ab7'), ('as923-3', '#3f51b5'), ('as923-4', '#00bcd4'),
  ('kr920', '#e91e63'), ('in865', '#795548'), ('ru864', '#607d8b'), ('cn470alid', '#009688')
) AS v(r, c);

-- A sensible default set; rhf2sp01 is the pico gateway.
INSERT INTO gateway_types (name, arch, color, support_gps, submodels, created_at, updated_at)
SELECT n, a, c, g, s::jsonb, (extract(epoch FROM now()) * 1000)::bigint, (extract(epoch FROM now()) * 1000)::bigint
FROM (VALUES
  ('generic', 'arm', '#666666', false, '[]'),
  ('rhf2s001', 'arm', '#2196f3', true, '[]'),
  ('rhf2s008', 'arm', '#4caf50', true, '[{"model":"rhf2s008-lte","lte":true,"wifi":false}]'),
  ('rhf2s024', 'mipsle', '#ff9800', false, '[{"model":"rhf2s024-wifi","lte":false,"wifi":true}]'),
  ('rhf2s027', 'arm', '#9c27b0', true, '[{"model":"rhf2s027-lte","lte":true,"wifi":true},{"model":"rhf2s027-eth","lte":false,"wifi":false}]'),
  ('rhf2sp01', 'stm32l4', '#009688', false, '[]')
) AS v(n, a, c, g, s);
