-- Frame-counter orders of the device list. devices.f_cnt_up changes on every accepted uplink: an
-- index on it would make those updates non-HOT (see 0023), and sorting an application's 100,000
-- devices by it took 31-75 ms on PostgreSQL. The counters are copied into this narrow table, one
-- row per device, whose indexes serve a page in either direction (ties by DevEUI in the same
-- direction). The region is copied too: a region filter then reads no devices row while it walks. Statement triggers keep it in step with every writer (uplinks, joins, downlinks,
-- resets, imports, moves): a batch of accepted uplinks pays one trigger call, not one per device.
CREATE TABLE device_frame_counts (
  dev_eui varchar(16) COLLATE "C" PRIMARY KEY,
  app_id integer NOT NULL,
  region varchar(20) NOT NULL,
  f_cnt_up bigint NOT NULL,
  f_cnt_down bigint NOT NULL
);
CREATE INDEX device_frame_counts_up_idx ON device_frame_counts (app_id, f_cnt_up, dev_eui);
CREATE INDEX device_frame_counts_down_idx ON device_frame_counts (app_id, f_cnt_down, dev_eui);
INSERT INTO device_frame_counts (dev_eui, app_id, region, f_cnt_up, f_cnt_down)
  SELECT dev_eui, app_id, region, f_cnt_up, f_cnt_down FROM devices;

CREATE FUNCTION device_frame_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO device_frame_counts (dev_eui, app_id, region, f_cnt_up, f_cnt_down)
    SELECT dev_eui, app_id, region, f_cnt_up, f_cnt_down FROM new_rows;
  RETURN NULL;
END $$;
CREATE TRIGGER devices_frame_counts_ins AFTER INSERT ON devices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION device_frame_counts_insert();

-- Only rows whose counters, application or region changed are written (a rename leaves the table alone).
CREATE FUNCTION device_frame_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE device_frame_counts c
    SET app_id = n.app_id, region = n.region, f_cnt_up = n.f_cnt_up, f_cnt_down = n.f_cnt_down
    FROM new_rows n
    WHERE c.dev_eui = n.dev_eui
      AND (c.app_id, c.region, c.f_cnt_up, c.f_cnt_down) IS DISTINCT FROM (n.app_id, n.region, n.f_cnt_up, n.f_cnt_down);
  RETURN NULL;
END $$;
CREATE TRIGGER devices_frame_counts_upd AFTER UPDATE ON devices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION device_frame_counts_update();

CREATE FUNCTION device_frame_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM device_frame_counts c USING gone g WHERE c.dev_eui = g.dev_eui;
  RETURN NULL;
END $$;
CREATE TRIGGER devices_frame_counts_del AFTER DELETE ON devices
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION device_frame_counts_delete();
