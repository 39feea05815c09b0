-- The power meter's days (packages/contract/src/usage.ts): one row per UTC day, YYYY-MM-DD.
-- Traffic columns are added to by every instance; the readings are the day's last.
CREATE TABLE usage_daily (
  day varchar(10) PRIMARY KEY,
  uplinks bigint NOT NULL DEFAULT 0,
  downlinks bigint NOT NULL DEFAULT 0,
  joins bigint NOT NULL DEFAULT 0,
  devices integer,
  gateways integer,
  storage_bytes bigint
);
