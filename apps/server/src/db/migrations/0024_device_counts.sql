-- How many devices each application holds per region, kept by triggers. At 100,000 devices a
-- count(*) over an application's rows took ~18 ms on PostgreSQL, more than the device list's page
-- itself (and every row of the application list paid one). Inserts and deletes come in bulk
-- (statement triggers); moves and region changes are rare, and the data plane's updates of
-- devices touch neither column, so the row trigger never fires on the uplink path.
CREATE TABLE device_counts (
  app_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  region varchar(20) NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (app_id, region)
);
INSERT INTO device_counts (app_id, region, n) SELECT app_id, region, count(*) FROM devices GROUP BY 1, 2;

-- ORDER BY: concurrent imports lock the counter rows in one order (no deadlock between them).
CREATE FUNCTION device_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO device_counts (app_id, region, n)
    SELECT app_id, region, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (app_id, region) DO UPDATE SET n = device_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;
CREATE TRIGGER devices_counts_ins AFTER INSERT ON devices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION device_counts_insert();

CREATE FUNCTION device_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE device_counts c SET n = c.n - g.k
    FROM (SELECT app_id, region, count(*) AS k FROM gone GROUP BY 1, 2) g
    WHERE c.app_id = g.app_id AND c.region = g.region;
  RETURN NULL;
END $$;
CREATE TRIGGER devices_counts_del AFTER DELETE ON devices
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION device_counts_delete();

CREATE FUNCTION device_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.app_id <> OLD.app_id OR NEW.region <> OLD.region THEN
    UPDATE device_counts SET n = n - 1 WHERE app_id = OLD.app_id AND region = OLD.region;
    INSERT INTO device_counts (app_id, region, n) VALUES (NEW.app_id, NEW.region, 1)
      ON CONFLICT (app_id, region) DO UPDATE SET n = device_counts.n + 1;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER devices_counts_move AFTER UPDATE OF app_id, region ON devices
  FOR EACH ROW EXECUTE FUNCTION device_counts_move();
