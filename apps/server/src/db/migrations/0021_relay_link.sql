-- LoRaWAN Relay TS011 (docs/protocols/rhf3mr01.md, "Relayed traffic"): how a device's frame reached
-- the network. link as in the contract's RELAY_LINK: 1 through a relay, 2 heard by a gateway.
ALTER TABLE device_frames ADD COLUMN link smallint NOT NULL DEFAULT 2;
ALTER TABLE device_frames ADD COLUMN relay_dev_eui varchar(16);
ALTER TABLE device_messages ADD COLUMN link smallint NOT NULL DEFAULT 2;
ALTER TABLE device_messages ADD COLUMN relay_dev_eui varchar(16);
-- The relay of the device's last uplink (null: heard by a gateway): where its downlinks go.
ALTER TABLE devices ADD COLUMN relay_dev_eui varchar(16);
