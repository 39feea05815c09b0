-- Relay (rhf3mr01) and ladtp (rhf3m485) devices (docs/product/relay.md): the requests the server
-- sends them (docs/protocols/rhf3mr01.md, rhf3m485.md), what they report and the data they carry.

-- Per device: the token counter, the last status block, modes, firmware and the configuration in effect.
CREATE TABLE relay_devices (
  dev_eui varchar(16) COLLATE "C" PRIMARY KEY REFERENCES devices(dev_eui) ON DELETE CASCADE,
  -- The token of the next request (counted up mod 256 per device).
  next_token smallint NOT NULL DEFAULT 0,
  -- The ladtp's DataPartDown frame counter (mod 256).
  next_frame_id smallint NOT NULL DEFAULT 0,
  -- The last status block in wire units (relay StatusReport/StatusAns, ladtp Heartbeat/StatusAns).
  status jsonb,
  reported_at bigint,
  work_mode smallint,
  backward_mode smallint,
  -- RELAY_LINK: 1 while the relay forwards through a host relay (events 6 and 7), 2 otherwise.
  link smallint NOT NULL DEFAULT 2,
  src_fw_version bigint,
  dest_fw_version bigint,
  fw_sign bigint,
  -- The configuration the device last confirmed (relay delays or ladtp serial settings).
  config jsonb,
  config_at bigint,
  updated_at bigint NOT NULL
);

-- Requests: queued | sent | done | refused | timeout (contract: RELAY_REQUEST_STATES).
CREATE TABLE relay_requests (
  id bigserial PRIMARY KEY,
  dev_eui varchar(16) COLLATE "C" NOT NULL REFERENCES devices(dev_eui) ON DELETE CASCADE,
  kind varchar(16) NOT NULL,
  token smallint NOT NULL,
  state varchar(8) NOT NULL,
  result smallint,
  -- What was asked, as sent; multi-step requests (list pages, several slaves) keep their place here.
  body jsonb,
  -- The downlink that carries the current try.
  msg_id varchar(40),
  -- Uplinks without the answer since the request left (sent again after 2, given up after 6).
  attempts smallint NOT NULL DEFAULT 0,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX relay_requests_dev_idx ON relay_requests (dev_eui, created_at);
-- At most one waiting request of a kind per device (18005); two racing posts: one wins here.
CREATE UNIQUE INDEX relay_requests_waiting_uq ON relay_requests (dev_eui, kind) WHERE state IN ('queued', 'sent');

-- A relay's slaves (RELAY_SLAVE_STATUS); receive counts the slave's uplinks the relay carried.
CREATE TABLE relay_slaves (
  relay_eui varchar(16) COLLATE "C" NOT NULL REFERENCES devices(dev_eui) ON DELETE CASCADE,
  slave_dev_eui varchar(16) COLLATE "C" NOT NULL,
  slave_dev_addr varchar(8),
  status smallint NOT NULL,
  receive integer NOT NULL DEFAULT 0,
  last_relayed bigint,
  updated_at bigint NOT NULL,
  PRIMARY KEY (relay_eui, slave_dev_eui)
);
CREATE INDEX relay_slaves_slave_idx ON relay_slaves (slave_dev_eui);

-- Each change of a slave's status ("status record"); from_status NULL when the slave was new.
CREATE TABLE relay_slave_records (
  id bigserial PRIMARY KEY,
  relay_eui varchar(16) COLLATE "C" NOT NULL REFERENCES devices(dev_eui) ON DELETE CASCADE,
  slave_dev_eui varchar(16) COLLATE "C" NOT NULL,
  from_status smallint,
  to_status smallint NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX relay_slave_records_idx ON relay_slave_records (relay_eui, created_at);

-- EventReports; slave_dev_eui NULL for the relay's own events.
CREATE TABLE relay_events (
  id bigserial PRIMARY KEY,
  dev_eui varchar(16) COLLATE "C" NOT NULL REFERENCES devices(dev_eui) ON DELETE CASCADE,
  event smallint NOT NULL,
  slave_dev_eui varchar(16) COLLATE "C",
  uptime bigint NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX relay_events_idx ON relay_events (dev_eui, created_at);

-- The rejoin list as the relay last answered it.
CREATE TABLE relay_rejoins (
  relay_eui varchar(16) COLLATE "C" NOT NULL REFERENCES devices(dev_eui) ON DELETE CASCADE,
  slave_dev_eui varchar(16) COLLATE "C" NOT NULL,
  slave_dev_addr varchar(8) NOT NULL,
  updated_at bigint NOT NULL,
  PRIMARY KEY (relay_eui, slave_dev_eui)
);

-- The device's own status over time: relay reports, ladtp heartbeats (API units: V, °C).
CREATE TABLE relay_status_history (
  id bigserial PRIMARY KEY,
  dev_eui varchar(16) COLLATE "C" NOT NULL REFERENCES devices(dev_eui) ON DELETE CASCADE,
  vals jsonb NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX relay_status_history_idx ON relay_status_history (dev_eui, created_at);

-- Payloads whole: ladtp RS485 frames up (reassembled) and down, relay downlinks; msg_ids are the
-- downlinks that carry one down (its status is theirs).
CREATE TABLE relay_payloads (
  id bigserial PRIMARY KEY,
  dev_eui varchar(16) COLLATE "C" NOT NULL REFERENCES devices(dev_eui) ON DELETE CASCADE,
  direction varchar(4) NOT NULL CHECK (direction IN ('up', 'down')),
  f_port smallint NOT NULL,
  data text NOT NULL,
  msg_ids jsonb NOT NULL DEFAULT '[]',
  parts smallint NOT NULL DEFAULT 1,
  read_at bigint,
  created_at bigint NOT NULL
);
CREATE INDEX relay_payloads_idx ON relay_payloads (dev_eui, created_at);

-- DataPartUp pieces of frames still incomplete (hex by index), dropped 60 minutes after the first.
CREATE TABLE relay_parts (
  dev_eui varchar(16) COLLATE "C" NOT NULL REFERENCES devices(dev_eui) ON DELETE CASCADE,
  frame_id smallint NOT NULL,
  total smallint NOT NULL,
  pieces jsonb NOT NULL,
  first_at bigint NOT NULL,
  PRIMARY KEY (dev_eui, frame_id)
);
