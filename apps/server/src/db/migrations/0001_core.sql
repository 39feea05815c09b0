-- Users, sessions and platform settings: the base every other area refers to.
CREATE TABLE users (
  id serial PRIMARY KEY,
  name varchar(64) NOT NULL UNIQUE,
  password_hash text NOT NULL,
  admin smallint NOT NULL DEFAULT 0,
  api_token varchar(64) NOT NULL UNIQUE,
  mq_username varchar(64) NOT NULL UNIQUE,
  mq_password varchar(64) NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

CREATE TABLE sessions (
  token_hash char(64) PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions(user_id);

-- Key/value platform settings (history switches, data expiry, license...), JSON values.
CREATE TABLE settings (
  key varchar(64) PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at bigint NOT NULL
);
