-- Multicast groups, their members and multicast downlinks (docs/product/multicast.md).

CREATE TABLE mc_groups (
  mc_eui varchar(16) COLLATE "C" PRIMARY KEY CHECK (mc_eui ~ '^[0-9a-f]{16}$'),
  owner_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name varchar(64) NOT NULL,
  region varchar(16) NOT NULL,
  -- NULL with auto_subnet (shown as "auto").
  subnet varchar(32),
  auto_subnet boolean NOT NULL DEFAULT true,
  mc_class char(1) NOT NULL DEFAULT 'C' CHECK (mc_class IN ('B', 'C')),
  ping_slot_period smallint NOT NULL DEFAULT 0,
  enable_remote boolean NOT NULL DEFAULT false,
  group_id smallint NOT NULL DEFAULT 256,
  gen_app_key varchar(32) NOT NULL,
  enable_ext boolean NOT NULL DEFAULT false,
  time_slot_length smallint NOT NULL DEFAULT 0,
  mc_addr varchar(8) COLLATE "C" NOT NULL,
  -- With remote setup: the server's group key; the session keys below are derived from it.
  mc_key varchar(32),
  mc_app_s_key varchar(32) NOT NULL,
  mc_nwk_s_key varchar(32) NOT NULL,
  enable_mqtt boolean NOT NULL DEFAULT false,
  push_urls jsonb NOT NULL DEFAULT '[]',
  headers jsonb NOT NULL DEFAULT '{}',
  -- The next multicast FCnt; taken with UPDATE ... RETURNING so it is never reused.
  f_cnt bigint NOT NULL DEFAULT 0,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE UNIQUE INDEX mc_groups_owner_name_uq ON mc_groups (owner_id, lower(name));
CREATE UNIQUE INDEX mc_groups_addr_key_uq ON mc_groups (mc_addr, mc_nwk_s_key);

-- A device belongs to at most one group; its TS005 setup state lives here.
CREATE TABLE mc_devices (
  dev_eui varchar(16) COLLATE "C" PRIMARY KEY REFERENCES devices(dev_eui) ON DELETE CASCADE,
  mc_eui varchar(16) COLLATE "C" NOT NULL REFERENCES mc_groups(mc_eui) ON DELETE CASCADE,
  -- manual | pending | setup | session | joined | failed (contract: MC_SYNC_STATES)
  sync_state varchar(8) NOT NULL,
  sync_error varchar(16),
  -- The minMcFCount the device was set up with.
  sync_f_cnt bigint,
  -- Uplinks without an answer since the current step's request left (retries, then failed).
  attempts smallint NOT NULL DEFAULT 0,
  -- When the class B/C session the device was told to run ends (epoch ms).
  session_ends bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX mc_devices_group_idx ON mc_devices (mc_eui, created_at);

-- A gateway belongs to at most one group.
CREATE TABLE mc_gateways (
  gw_id varchar(16) PRIMARY KEY REFERENCES gateways(gw_id) ON DELETE CASCADE,
  mc_eui varchar(16) COLLATE "C" NOT NULL REFERENCES mc_groups(mc_eui) ON DELETE CASCADE,
  created_at bigint NOT NULL
);
CREATE INDEX mc_gateways_group_idx ON mc_gateways (mc_eui, created_at);

CREATE TABLE mc_downlinks (
  id bigserial PRIMARY KEY,
  msg_id varchar(32) COLLATE "C" NOT NULL UNIQUE,
  mc_eui varchar(16) COLLATE "C" NOT NULL REFERENCES mc_groups(mc_eui) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  f_port smallint NOT NULL,
  data text NOT NULL,
  confirmed boolean NOT NULL DEFAULT false,
  f_cnt bigint NOT NULL,
  mc_class char(1) NOT NULL,
  -- contract MC_DOWNLINK_STATUS: 0 waiting, 1 sent, 2 done, 4 failed
  status smallint NOT NULL DEFAULT 0,
  send_at bigint,
  gateway_nums integer NOT NULL DEFAULT 0,
  sent_nums integer NOT NULL DEFAULT 0
);
CREATE INDEX mc_downlinks_group_idx ON mc_downlinks (mc_eui, created_at DESC);

-- What each gateway did with a multicast downlink.
CREATE TABLE mc_downlink_gateways (
  msg_id varchar(32) COLLATE "C" NOT NULL REFERENCES mc_downlinks(msg_id) ON DELETE CASCADE,
  gw_id varchar(16) COLLATE "C" NOT NULL,
  -- not_sent | sent | success | error
  delivery varchar(8) NOT NULL DEFAULT 'not_sent',
  error varchar(32),
  tmms bigint,
  dltime bigint,
  PRIMARY KEY (msg_id, gw_id)
);

-- The route chart reads which gateways heard a member device lately.
CREATE INDEX gateway_frames_dev_time_idx ON gateway_frames (dev_eui, created_at) WHERE dev_eui IS NOT NULL;
