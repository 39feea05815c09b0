-- Audit log: every change made through the API and every sign-in, written in batches after the
-- answer left. Append-only, read newest first with optional filters, trimmed by age
-- (AUDIT_RETENTION_DAYS), so every index ends with created_at.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  created_at bigint NOT NULL,
  -- NULL for a failed sign-in; user_name then holds the name that was tried.
  user_id integer,
  user_name varchar(64) NOT NULL DEFAULT '',
  client_ip varchar(64) NOT NULL DEFAULT '',
  method varchar(8) NOT NULL,
  route varchar(200) NOT NULL,
  action varchar(64) COLLATE "C" NOT NULL,
  entity_type varchar(32) COLLATE "C" NOT NULL DEFAULT '',
  entity_id varchar(200) COLLATE "C" NOT NULL DEFAULT '',
  code integer NOT NULL,
  success boolean NOT NULL,
  before jsonb,
  after jsonb,
  request jsonb
);
CREATE INDEX audit_log_time_idx ON audit_log (created_at);
CREATE INDEX audit_log_user_idx ON audit_log (user_id, created_at);
CREATE INDEX audit_log_user_name_idx ON audit_log (lower(user_name), created_at);
CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, created_at);
CREATE INDEX audit_log_action_idx ON audit_log (action, created_at);
