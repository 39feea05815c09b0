-- Every accepted uplink adds rows to device_frames, device_messages, device_signal and, per
-- gateway that heard it, gateway_frames: about 20 B-tree entries. Two of those indexes served only
-- the hourly retention pass, and device_signal's foreign key checked (and share-locked) the device
-- row that the same batch had just updated, once per uplink; a third (device_frames by time)
-- served the dashboard's traffic of the last 24 hours. Together they took ~20 % of PGlite's time
-- for those rows, ~9 % of the server's CPU per uplink at 4,000/s (docs/performance.md, Data plane).
--
-- History rows are appended as they happen, so a history table's id follows its created_at (rows
-- written within the same few milliseconds may swap). Retention finds the first id at or after its
-- cutoff by probing the primary key and deletes below it, still checking created_at: a row is never
-- deleted early, and a row that landed out of order goes in a later pass. The dashboard reads its
-- 24 hours of frames from the first id of the first hour.
CREATE FUNCTION history_first_id(tbl regclass, at bigint) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
DECLARE
  lo bigint;
  hi bigint;
  probe bigint;
  t bigint;
BEGIN
  EXECUTE format('SELECT min(id), max(id) FROM %s', tbl) INTO lo, hi;
  IF lo IS NULL THEN
    RETURN 0;
  END IF;
  EXECUTE format('SELECT created_at FROM %s WHERE id = $1', tbl) INTO t USING hi;
  IF t < at THEN
    RETURN hi + 1;
  END IF;
  EXECUTE format('SELECT created_at FROM %s WHERE id = $1', tbl) INTO t USING lo;
  IF t >= at THEN
    RETURN lo;
  END IF;
  -- The row at lo is older than `at`, the row at hi is not; halve the ids between them.
  WHILE hi - lo > 1 LOOP
    EXECUTE format('SELECT id, created_at FROM %s WHERE id >= $1 ORDER BY id LIMIT 1', tbl)
      INTO probe, t USING lo + (hi - lo) / 2;
    IF t < at THEN
      lo := probe;
    ELSE
      hi := probe;
    END IF;
  END LOOP;
  RETURN hi;
END $$;

DROP INDEX gateway_frames_time_idx;
DROP INDEX device_messages_time_idx;
DROP INDEX device_frames_time_idx;

-- The signal rows still go with their device (app and user deletions included), by a statement
-- trigger instead of the foreign key's check on every insert.
ALTER TABLE device_signal DROP CONSTRAINT device_signal_dev_eui_fkey;
CREATE FUNCTION device_signal_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM device_signal s USING gone g WHERE s.dev_eui = g.dev_eui;
  RETURN NULL;
END $$;
CREATE TRIGGER devices_signal_del AFTER DELETE ON devices
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION device_signal_delete();
