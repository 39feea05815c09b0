-- Network servers (docs/product/network-servers.md): the address the gateways of one region's
-- subnet are pointed at. The NTP host lives in the settings table (key 'ntpHost').
CREATE TABLE network_servers (
  id serial PRIMARY KEY,
  region varchar(16) NOT NULL,
  subnet varchar(32) NOT NULL,
  ns_url varchar(256) NOT NULL,
  color varchar(7) NOT NULL DEFAULT '#666666',
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
-- One entry per subnet: the create/update answer 1012 on this index.
CREATE UNIQUE INDEX network_servers_subnet_uq ON network_servers (region, subnet);
