-- Data plane: frame and message history, downlink queue, gateway link and stat history,
-- used DevNonces. History tables are append-only, read by (owner key, created_at) and trimmed by
-- the retention job (dataExpireDay), so each has an index on created_at for the batched delete.

-- The device's best gateway of its last uplink: the path for class C downlinks.
ALTER TABLE devices ADD COLUMN last_gw_id varchar(16) COLLATE "C";
-- Every uplink updates its device's counters and status (no indexed column): room on each page
-- lets PostgreSQL do HOT updates instead of writing an entry into every index of the table.
ALTER TABLE devices SET (fillfactor = 70);

-- High-volume history tables carry no foreign keys (a per-row check and lock on every insert).
-- History is read only through its device/gateway, from that row's created_at on (so a
-- re-created EUI never shows an earlier owner's frames); retention ages out the rows of deleted ones.

-- Protocol-layer frames of a device, up and down (docs/product/live-and-history.md).
CREATE TABLE device_frames (
  id bigserial PRIMARY KEY,
  msg_id varchar(32) COLLATE "C" NOT NULL,
  dev_eui varchar(16) COLLATE "C" NOT NULL,
  created_at bigint NOT NULL,
  dev_addr varchar(8) COLLATE "C" NOT NULL DEFAULT '',
  msg_type smallint NOT NULL,
  uplink boolean NOT NULL,
  confirmed boolean NOT NULL DEFAULT false,
  f_cnt bigint,
  f_port smallint,
  phy text NOT NULL,
  data text NOT NULL DEFAULT '',
  mac_commands jsonb NOT NULL DEFAULT '[]',
  adr boolean,
  ack boolean,
  gw_id varchar(16) COLLATE "C",
  sf smallint,
  bw smallint,
  freq bigint,
  rssi real,
  snr real,
  rx_info jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX device_frames_dev_time_idx ON device_frames (dev_eui, created_at);
CREATE INDEX device_frames_time_idx ON device_frames (created_at);

-- Application-layer messages (decrypted payloads, joins).
CREATE TABLE device_messages (
  id bigserial PRIMARY KEY,
  msg_id varchar(32) COLLATE "C" NOT NULL,
  dev_eui varchar(16) COLLATE "C" NOT NULL,
  created_at bigint NOT NULL,
  type varchar(8) NOT NULL,
  dev_addr varchar(8) COLLATE "C" NOT NULL DEFAULT '',
  f_cnt bigint,
  f_port smallint,
  confirmed boolean NOT NULL DEFAULT false,
  data text NOT NULL DEFAULT '',
  object jsonb,
  dr smallint,
  sf smallint,
  bw smallint,
  freq bigint,
  rssi real,
  snr real,
  gw_id varchar(16) COLLATE "C",
  rx_info jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX device_messages_dev_time_idx ON device_messages (dev_eui, created_at);
CREATE INDEX device_messages_time_idx ON device_messages (created_at);

-- Downlink queue and history: status 0 enqueued, 1 sent, 2 sent OK / unconfirmed, 3 confirmed, 4 timeout.
CREATE TABLE downlinks (
  id bigserial PRIMARY KEY,
  msg_id varchar(32) COLLATE "C" NOT NULL UNIQUE,
  dev_eui varchar(16) COLLATE "C" NOT NULL REFERENCES devices(dev_eui) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  f_port smallint NOT NULL,
  data text NOT NULL,
  confirmed boolean NOT NULL DEFAULT false,
  mac_commands boolean NOT NULL DEFAULT false,
  f_cnt bigint,
  status smallint NOT NULL DEFAULT 0,
  delivery varchar(8) NOT NULL DEFAULT 'not_sent',
  response_error varchar(32),
  gw_id varchar(16) COLLATE "C",
  dltime bigint,
  ack varchar(4),
  retries integer NOT NULL DEFAULT 0
);
CREATE INDEX downlinks_dev_time_idx ON downlinks (dev_eui, created_at);
-- What the uplink pipeline fetches: a device's queued or awaiting-ACK downlinks.
CREATE INDEX downlinks_pending_idx ON downlinks (dev_eui, id) WHERE status IN (0, 1, 2);
CREATE INDEX downlinks_time_idx ON downlinks (created_at);

-- Every frame a gateway heard or sent, known device or not.
CREATE TABLE gateway_frames (
  id bigserial PRIMARY KEY,
  msg_id varchar(32) COLLATE "C" NOT NULL,
  gw_id varchar(16) NOT NULL,
  created_at bigint NOT NULL,
  uplink boolean NOT NULL,
  msg_type smallint,
  dev_addr varchar(8) COLLATE "C",
  dev_eui varchar(16) COLLATE "C",
  phy text NOT NULL,
  data text NOT NULL DEFAULT '',
  sf smallint,
  bw smallint,
  freq bigint,
  rssi real,
  snr real,
  size integer NOT NULL
);
CREATE INDEX gateway_frames_gw_time_idx ON gateway_frames (gw_id, created_at);
CREATE INDEX gateway_frames_time_idx ON gateway_frames (created_at);

-- Link history: each online/offline transition.
CREATE TABLE gateway_connections (
  id bigserial PRIMARY KEY,
  gw_id varchar(16) NOT NULL REFERENCES gateways(gw_id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  online boolean NOT NULL,
  mqtt boolean NOT NULL DEFAULT false
);
CREATE INDEX gateway_connections_gw_time_idx ON gateway_connections (gw_id, created_at);
CREATE INDEX gateway_connections_time_idx ON gateway_connections (created_at);

-- The packet forwarder's `stat` reports.
CREATE TABLE gateway_stats (
  id bigserial PRIMARY KEY,
  gw_id varchar(16) NOT NULL REFERENCES gateways(gw_id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  stat jsonb NOT NULL
);
CREATE INDEX gateway_stats_gw_time_idx ON gateway_stats (gw_id, created_at);
CREATE INDEX gateway_stats_time_idx ON gateway_stats (created_at);

-- DevNonces a device used in join-requests: a repeated one is a replay (kept across joins).
CREATE TABLE device_nonces (
  dev_eui varchar(16) COLLATE "C" NOT NULL REFERENCES devices(dev_eui) ON DELETE CASCADE,
  dev_nonce integer NOT NULL,
  created_at bigint NOT NULL,
  PRIMARY KEY (dev_eui, dev_nonce)
);
