-- The device list's orders whose keys change with traffic: last seen and the frame counters. An
-- index on them in devices would make every accepted uplink's UPDATE non-HOT (fillfactor 70 is
-- there for HOT), and sorting an application's 100,000 devices by a frame counter took 31-75 ms
-- on PostgreSQL. They are copied into this narrow table, one row per device (last_seen NULL until
-- the first uplink), whose indexes serve a page and stop there. Ties go by DevEUI: ascending in
-- last-seen order, in the order's direction for the counters (one index per counter serves both).
-- The region is copied too, so a region filter reads no devices row while it walks.
-- It replaces device_last_seen (0023), which the uplink statements wrote themselves: statement
-- triggers now keep every copy in step with every writer (uplinks, joins, downlinks, resets,
-- imports, moves), and a batch of accepted uplinks pays one trigger call, not one per device.
CREATE TABLE device_list_keys (
  dev_eui varchar(16) COLLATE "C" PRIMARY KEY,
  app_id integer NOT NULL,
  region varchar(20) NOT NULL,
  last_seen bigint,
  f_cnt_up bigint NOT NULL,
  f_cnt_down bigint NOT NULL
);
CREATE INDEX device_list_keys_seen_idx ON device_list_keys (app_id, last_seen, dev_eui);
CREATE INDEX device_list_keys_up_idx ON device_list_keys (app_id, f_cnt_up, dev_eui);
CREATE INDEX device_list_keys_down_idx ON device_list_keys (app_id, f_cnt_down, dev_eui);
INSERT INTO device_list_keys (dev_eui, app_id, region, last_seen, f_cnt_up, f_cnt_down)
  SELECT dev_eui, app_id, region, last_seen, f_cnt_up, f_cnt_down FROM devices;

DROP TRIGGER devices_last_seen_del ON devices;
DROP TRIGGER devices_last_seen_move ON devices;
DROP FUNCTION device_last_seen_delete();
DROP FUNCTION device_last_seen_move();
DROP TABLE device_last_seen;

CREATE FUNCTION device_list_keys_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO device_list_keys (dev_eui, app_id, region, last_seen, f_cnt_up, f_cnt_down)
    SELECT dev_eui, app_id, region, last_seen, f_cnt_up, f_cnt_down FROM new_rows;
  RETURN NULL;
END $$;
CREATE TRIGGER devices_list_keys_ins AFTER INSERT ON devices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION device_list_keys_insert();

-- Only rows whose keys changed are written (a rename leaves the table alone).
CREATE FUNCTION device_list_keys_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE device_list_keys k
    SET app_id = n.app_id, region = n.region, last_seen = n.last_seen, f_cnt_up = n.f_cnt_up,
      f_cnt_down = n.f_cnt_down
    FROM new_rows n
    WHERE k.dev_eui = n.dev_eui
      AND (k.app_id, k.region, k.last_seen, k.f_cnt_up, k.f_cnt_down)
        IS DISTINCT FROM (n.app_id, n.region, n.last_seen, n.f_cnt_up, n.f_cnt_down);
  RETURN NULL;
END $$;
CREATE TRIGGER devices_list_keys_upd AFTER UPDATE ON devices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION device_list_keys_update();

CREATE FUNCTION device_list_keys_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM device_list_keys k USING gone g WHERE k.dev_eui = g.dev_eui;
  RETURN NULL;
END $$;
CREATE TRIGGER devices_list_keys_del AFTER DELETE ON devices
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION device_list_keys_delete();
