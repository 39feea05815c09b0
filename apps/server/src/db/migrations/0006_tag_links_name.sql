-- The device list filtered by tag (and region) sorted by name reads device_tag_links too: each
-- link carries its device's name, kept by the same triggers, with an index in the list's order
-- (name, dev_eui), so a page of 50 out of thousands of tagged devices needs no sort of wide rows.
ALTER TABLE device_tag_links ADD COLUMN name varchar(64) NOT NULL DEFAULT '';
UPDATE device_tag_links l SET name = d.name FROM devices d WHERE d.dev_eui = l.dev_eui;
CREATE INDEX device_tag_links_name_idx ON device_tag_links (tag_id, app_id, region, name, dev_eui);

CREATE OR REPLACE FUNCTION device_tag_links_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO device_tag_links (tag_id, app_id, region, created_at, dev_eui, name)
    SELECT DISTINCT t.tag_id, n.app_id, n.region, n.created_at, n.dev_eui, n.name
    FROM new_rows n CROSS JOIN LATERAL unnest(n.tag_ids) AS t(tag_id);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION device_tag_links_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.tag_ids IS DISTINCT FROM OLD.tag_ids OR NEW.app_id <> OLD.app_id OR NEW.region <> OLD.region THEN
    DELETE FROM device_tag_links WHERE dev_eui = OLD.dev_eui;
    INSERT INTO device_tag_links (tag_id, app_id, region, created_at, dev_eui, name)
      SELECT DISTINCT t, NEW.app_id, NEW.region, NEW.created_at, NEW.dev_eui, NEW.name FROM unnest(NEW.tag_ids) AS t;
  ELSIF NEW.name <> OLD.name THEN
    UPDATE device_tag_links SET name = NEW.name WHERE dev_eui = NEW.dev_eui;
  END IF;
  RETURN NULL;
END $$;
DROP TRIGGER devices_tag_links_upd ON devices;
CREATE TRIGGER devices_tag_links_upd AFTER UPDATE OF tag_ids, app_id, region, name ON devices
  FOR EACH ROW EXECUTE FUNCTION device_tag_links_update();
