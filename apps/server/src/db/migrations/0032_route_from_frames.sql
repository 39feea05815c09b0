-- The multicast route chart (which gateways heard each member device in the last 24 hours) read
-- gateway_frames by device: one entry per gateway and uplink in an index keyed by a random
-- DevEUI, the costliest of gateway_frames' three (600 rows per INSERT took a quarter longer with
-- it on PGlite). The chart now reads the devices' own frames (device_frames by device and time),
-- whose rx_info lists every gateway that heard each one.
DROP INDEX gateway_frames_dev_time_idx;
