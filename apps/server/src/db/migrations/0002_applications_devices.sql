-- Applications, devices, device tags and the RSSI/SNR history the device chart reads.
-- Hex identifiers and keys are lowercase plain hex; "C" collation lets prefix searches use the indexes.

CREATE TABLE applications (
  id serial PRIMARY KEY,
  owner_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name varchar(64) NOT NULL,
  product_type varchar(16) NOT NULL DEFAULT 'lorawan',
  protocol varchar(64) NOT NULL DEFAULT '',
  push_urls jsonb NOT NULL DEFAULT '[]',
  headers jsonb NOT NULL DEFAULT '{}',
  enable_mqtt boolean NOT NULL DEFAULT false,
  mq_name varchar(64) NOT NULL UNIQUE,
  mq_password varchar(64) NOT NULL,
  decoder jsonb,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
-- One name per owner (3002); also the name-prefix search.
CREATE UNIQUE INDEX applications_owner_name_uq ON applications (owner_id, lower(name));
CREATE INDEX applications_name_prefix_idx ON applications (lower(name) text_pattern_ops);

CREATE TABLE device_tags (
  id serial PRIMARY KEY,
  owner_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  group_name varchar(64) NOT NULL,
  name varchar(30) NOT NULL,
  created_at bigint NOT NULL
);
CREATE UNIQUE INDEX device_tags_owner_group_name_uq ON device_tags (owner_id, group_name, name);
CREATE INDEX device_tags_name_prefix_idx ON device_tags (lower(name) text_pattern_ops);

CREATE TABLE devices (
  dev_eui varchar(16) COLLATE "C" PRIMARY KEY,
  app_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  -- Always the application's owner (kept in step by moves) so ownership filters need no join.
  owner_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name varchar(64) NOT NULL,
  auth_type varchar(4) NOT NULL CHECK (auth_type IN ('otaa', 'abp')),
  app_eui varchar(16) COLLATE "C" NOT NULL,
  app_key varchar(32) COLLATE "C",
  -- Session: set on create for ABP, by the join for OTAA.
  dev_addr varchar(8) COLLATE "C",
  app_s_key varchar(32) COLLATE "C",
  nwk_s_key varchar(32) COLLATE "C",
  class char(1) NOT NULL DEFAULT 'A' CHECK (class IN ('A', 'B', 'C')),
  mac_version varchar(8) NOT NULL DEFAULT '1.0.3',
  product_type varchar(16) NOT NULL DEFAULT 'lorawan',
  region varchar(20) NOT NULL,
  subnet varchar(32),
  auto_subnet boolean NOT NULL DEFAULT false,
  tag_ids integer[] NOT NULL DEFAULT '{}',
  remarks varchar(50) NOT NULL DEFAULT '',
  -- Frame counters (32-bit values, bigint so they never wrap in SQL arithmetic).
  f_cnt_up bigint NOT NULL DEFAULT 0,
  f_cnt_down bigint NOT NULL DEFAULT 0,
  -- Status written by the data plane.
  joined_at bigint,
  last_seen bigint,
  rssi real,
  snr real,
  freq bigint,
  dr smallint,
  f_port smallint,
  battery smallint,
  margin smallint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
-- Device list per application, newest first (the default order) and other orders.
CREATE INDEX devices_app_created_idx ON devices (app_id, created_at DESC, dev_eui);
CREATE INDEX devices_app_region_created_idx ON devices (app_id, region, created_at DESC);
CREATE INDEX devices_owner_created_idx ON devices (owner_id, created_at DESC);
CREATE INDEX devices_tags_gin ON devices USING gin (tag_ids);
-- "devices by devAddr" for the data plane, and the devAddr + NwkSKey uniqueness (4004).
CREATE UNIQUE INDEX devices_addr_key_uq ON devices (dev_addr, nwk_s_key) WHERE dev_addr IS NOT NULL;
CREATE INDEX devices_name_prefix_idx ON devices (lower(name) text_pattern_ops);

-- One narrow row per (device, tag), kept by triggers from devices.tag_ids/app_id/region, so a
-- device list filtered by tag (and region) sorted by creation reads an index of small rows
-- instead of the wide device rows. Deleting a device or a tag removes its rows.
CREATE TABLE device_tag_links (
  tag_id integer NOT NULL REFERENCES device_tags(id) ON DELETE CASCADE,
  app_id integer NOT NULL,
  region varchar(20) NOT NULL,
  created_at bigint NOT NULL,
  dev_eui varchar(16) COLLATE "C" NOT NULL REFERENCES devices(dev_eui) ON DELETE CASCADE
);
-- Same order as the device list's default (created_at DESC, dev_eui).
CREATE UNIQUE INDEX device_tag_links_uq ON device_tag_links (tag_id, app_id, region, created_at DESC, dev_eui);
CREATE INDEX device_tag_links_dev_idx ON device_tag_links (dev_eui);

CREATE FUNCTION device_tag_links_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO device_tag_links (tag_id, app_id, region, created_at, dev_eui)
    SELECT DISTINCT t.tag_id, n.app_id, n.region, n.created_at, n.dev_eui
    FROM new_rows n CROSS JOIN LATERAL unnest(n.tag_ids) AS t(tag_id);
  RETURN NULL;
END $$;
CREATE TRIGGER devices_tag_links_ins AFTER INSERT ON devices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION device_tag_links_insert();

-- Only statements that set tags, application or region fire this (not the data plane's counters).
CREATE FUNCTION device_tag_links_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.tag_ids IS DISTINCT FROM OLD.tag_ids OR NEW.app_id <> OLD.app_id OR NEW.region <> OLD.region THEN
    DELETE FROM device_tag_links WHERE dev_eui = OLD.dev_eui;
    INSERT INTO device_tag_links (tag_id, app_id, region, created_at, dev_eui)
      SELECT DISTINCT t, NEW.app_id, NEW.region, NEW.created_at, NEW.dev_eui FROM unnest(NEW.tag_ids) AS t;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER devices_tag_links_upd AFTER UPDATE OF tag_ids, app_id, region ON devices
  FOR EACH ROW EXECUTE FUNCTION device_tag_links_update();

-- RSSI/SNR per received frame, written by the data plane, read by the device chart and export.
CREATE TABLE device_signal (
  id bigserial PRIMARY KEY,
  dev_eui varchar(16) COLLATE "C" NOT NULL REFERENCES devices(dev_eui) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  rssi real,
  snr real,
  gw_id varchar(16) COLLATE "C"
);
CREATE INDEX device_signal_dev_time_idx ON device_signal (dev_eui, created_at);
