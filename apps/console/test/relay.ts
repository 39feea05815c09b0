import type { LadtpStatusInfo, RelayRequestRow, RelaySlaveRow, RelayStatusInfo } from '@lns/contract/relay-api';

/** Relay and ladtp answers as the server gives them (the client checks answers against the contract in tests). */
export const RELAY_EUI = '70b3d50000000a01';

export const relayStatus = (over: Partial<RelayStatusInfo> = {}): RelayStatusInfo => ({
  productType: 'rhf3mr01',
  status: 0,
  workMode: 1,
  backwardMode: 1,
  slaveNum: 2,
  battery: 87,
  voltage: 3.61,
  temperature: 24.5,
  wake: true,
  fwVersion: '1.2.0.0',
  destFwVersion: null,
  fwSign: 'a1b2c3d4',
  link: 2,
  reportedAt: 1_700_000_000_000,
  lastSeen: 1_700_000_060_000,
  ...over,
});

export const ladtpStatus = (over: Partial<LadtpStatusInfo> = {}): LadtpStatusInfo => ({
  productType: 'rhf3m485',
  voltage: 12.1,
  temperature: 30,
  rs485Errors: 3,
  uptime: 90_061,
  reportedAt: 1_700_000_000_000,
  lastSeen: 1_700_000_000_000,
  ...over,
});

export const requestRow = (over: Partial<RelayRequestRow> = {}): RelayRequestRow => ({
  id: 1,
  devEUI: RELAY_EUI,
  kind: 'status',
  state: 'queued',
  result: null,
  body: null,
  attempts: 0,
  createtime: 1_700_000_000_000,
  updatetime: 1_700_000_000_000,
  ...over,
});

export const slaveRow = (over: Partial<RelaySlaveRow> = {}): RelaySlaveRow => ({
  slaveDevEUI: '70b3d50000000b01',
  slaveDevAddr: '26011bda',
  devName: 'meter-1',
  status: 1,
  receive: 12,
  lastRelayed: 1_700_000_000_000,
  updatetime: 1_700_000_000_000,
  ...over,
});

/** An empty list answer. */
export const none = { code: 0, amount: 0, data: [] };
