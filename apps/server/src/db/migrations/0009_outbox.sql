-- Integration deliveries (HTTP push, MQTT publish) not yet confirmed by their receiver. An
-- uplink's rows are written in the statement that accepts its FCnt, so a crash cannot lose them;
-- the outbox sender claims due rows (next_at), deletes each once delivered, and reschedules it
-- with back-off on failure. Rows of an uplink waiting for its decoder are held (decode = true)
-- until the decoded object is merged into body.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  -- What receivers de-duplicate on: the uplink's or join's msgID, a fresh id for other events.
  message_id varchar(32) COLLATE "C" NOT NULL,
  created_at bigint NOT NULL,
  -- 'http', 'mqtt', or 'decode' (no receiver: only the history row waits for its decoder).
  kind varchar(8) NOT NULL,
  -- up, join, status, stats, connection (metrics and the HTTP push target).
  event varchar(12) NOT NULL,
  -- The push URL or the MQTT topic.
  target text NOT NULL DEFAULT '',
  headers jsonb NOT NULL DEFAULT '{}',
  body jsonb NOT NULL,
  dev_eui varchar(16) COLLATE "C",
  decode boolean NOT NULL DEFAULT false,
  attempts integer NOT NULL DEFAULT 0,
  next_at bigint NOT NULL,
  last_error text
);
CREATE INDEX outbox_next_idx ON outbox (next_at, id);
CREATE INDEX outbox_message_idx ON outbox (message_id);
