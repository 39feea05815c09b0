-- The device list in ascending creation order read devices_app_created_idx backwards, which gives
-- ties by DevEUI descending, so PostgreSQL re-sorted each group of equal creation times. An import
-- gives its devices one creation time: page 1 of 100,000 devices imported 10,000 at a time read a
-- whole group of 10,000 rows (31 ms on PostgreSQL, p95 23-27 ms in bench/devices.ts). An index in
-- that order's own direction stops at the page (0.2 ms). Creation time never changes, so uplinks'
-- updates of devices stay HOT.
CREATE INDEX devices_app_created_asc_idx ON devices (app_id, created_at, dev_eui);
