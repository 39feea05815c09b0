-- Class B: the periodicity a device told in PingSlotInfoReq (NULL: not told yet, the default 7 applies).
ALTER TABLE devices ADD COLUMN ping_slot_periodicity smallint;
