-- Last-seen order of the device list. An index on devices.last_seen would make every accepted
-- uplink's UPDATE of devices a non-HOT one (fillfactor 70 is there for HOT), so the order lives in
-- this narrow table, written by the same statements that set devices.last_seen (ns/accept.ts,
-- ns/join.ts). A device has a row once it has been seen; the list puts devices without one last.
CREATE TABLE device_last_seen (
  dev_eui varchar(16) COLLATE "C" PRIMARY KEY,
  app_id integer NOT NULL,
  last_seen bigint NOT NULL
);
CREATE INDEX device_last_seen_order_idx ON device_last_seen (app_id, last_seen, dev_eui);
INSERT INTO device_last_seen (dev_eui, app_id, last_seen)
  SELECT dev_eui, app_id, last_seen FROM devices WHERE last_seen IS NOT NULL;

-- Deletes and moves are rare: triggers keep the table in step (none fires on the uplink path).
CREATE FUNCTION device_last_seen_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM device_last_seen s USING gone g WHERE s.dev_eui = g.dev_eui;
  RETURN NULL;
END $$;
CREATE TRIGGER devices_last_seen_del AFTER DELETE ON devices
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION device_last_seen_delete();

CREATE FUNCTION device_last_seen_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.app_id <> OLD.app_id THEN
    UPDATE device_last_seen SET app_id = NEW.app_id WHERE dev_eui = NEW.dev_eui;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER devices_last_seen_move AFTER UPDATE OF app_id ON devices
  FOR EACH ROW EXECUTE FUNCTION device_last_seen_move();
