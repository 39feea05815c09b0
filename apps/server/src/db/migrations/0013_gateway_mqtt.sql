-- The MQTT gateway link (docs/protocols/gateway-mqtt.md): each gateway signs in to the broker with
-- its ID and this password; empty = none yet (it cannot sign in until one is made).
ALTER TABLE gateways ADD COLUMN mqtt_password varchar(64) NOT NULL DEFAULT '';
