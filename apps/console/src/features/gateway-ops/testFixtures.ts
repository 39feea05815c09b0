import type { CommandRecord, ScanRecord } from '@lns/contract/gateway-commands';

/** Records as the server answers them (the client checks answers against the contract in tests). */
export const commandRecordOf = (over: Partial<CommandRecord> = {}): CommandRecord => ({
  id: 1,
  gatewayId: 'a840411b2c3d4e01',
  cmdType: 'getBridgeLogs',
  cToken: 'c9e1aa00bb11',
  extra: null,
  state: 'done',
  result: null,
  error: null,
  userName: 'admin',
  createdAt: 1_795_608_000_000,
  finishedAt: 1_795_608_001_500,
  ...over,
});

export const scanRecordOf = (over: Partial<ScanRecord> = {}): ScanRecord => ({
  id: 1,
  gatewayId: 'a840411b2c3d4e01',
  frequencyMin: 863_000_000,
  frequencyMax: 870_000_000,
  frequencyStep: 200_000,
  state: 'done',
  progress: 100,
  error: null,
  userName: 'admin',
  createdAt: 1_795_608_000_000,
  finishedAt: 1_795_608_030_000,
  ...over,
});

export const ok = (data: unknown) => ({ code: 0, data });
/** A refusal envelope; commands that reached the gateway carry their finished record as `data`. */
export const refused = (code: number, msg = '', data?: unknown) => ({ code, msg, ...(data !== undefined && { data }) });
