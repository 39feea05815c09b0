-- Why an application-layer message has no decoded object: the decoder's error (script error,
-- timeout, malformed Cayenne LPP), shown with the message in the console, push and MQTT.
ALTER TABLE device_messages ADD COLUMN decode_error text;
