-- Adaptive data rate (network side): the best SNR of each recent ADR uplink (oldest first, at most
-- 20), the TX power index and NbTrans the device confirmed with LinkADRAns, and the LinkADRReq
-- target waiting for that answer.
ALTER TABLE devices
  ADD COLUMN adr_snr real[] NOT NULL DEFAULT '{}',
  ADD COLUMN tx_power smallint NOT NULL DEFAULT 0,
  ADD COLUMN nb_trans smallint NOT NULL DEFAULT 1,
  ADD COLUMN adr_req jsonb;
