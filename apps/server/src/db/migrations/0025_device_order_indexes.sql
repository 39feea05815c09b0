-- The device list's orders read from indexes on one application's devices (page 1 of 100,000
-- devices was a top-N sort of them all, 55-85 ms on PostgreSQL). Shaped like the list's ORDER BY:
-- the key, then DevEUI ascending as the tie-break; a descending order scans forward, an ascending
-- one backward (incremental sort of equal keys), except region, whose ties are too many for that
-- and gets one index per direction, and devAddr, whose never-joined devices come last both ways.
-- None of these columns changes on an uplink, so the data plane's updates of devices stay HOT;
-- devAddr changes on a join. The frame counters change on every uplink and stay unindexed.
CREATE INDEX devices_app_name_idx ON devices (app_id, name DESC, dev_eui);
CREATE INDEX devices_app_eui_idx ON devices (app_id, dev_eui);
CREATE INDEX devices_app_region_asc_idx ON devices (app_id, region, dev_eui);
CREATE INDEX devices_app_region_desc_idx ON devices (app_id, region DESC, dev_eui);
CREATE INDEX devices_app_addr_asc_idx ON devices (app_id, dev_addr, dev_eui);
CREATE INDEX devices_app_addr_desc_idx ON devices (app_id, dev_addr DESC NULLS LAST, dev_eui);
