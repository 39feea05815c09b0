-- A tag filter without a region in creation or name order: the links' indexes lead with the region
-- (tag, app, region, key), so the tag's links of every region were sorted, 8 ms for 5,000 on
-- PostgreSQL. These serve that page in order and stop at it (0.2-0.4 ms); a region filter keeps the
-- region-first ones. Neither key changes on an uplink: the links' uplink updates stay HOT.
CREATE INDEX device_tag_links_created_idx ON device_tag_links (tag_id, app_id, created_at DESC, dev_eui);
CREATE INDEX device_tag_links_app_name_idx ON device_tag_links (tag_id, app_id, name, dev_eui);
