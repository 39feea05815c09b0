import type { SwitchTask } from '@lns/contract/subnet-switch';

/** Rows as the server answers them (the client checks answers against the contract in tests). */
export const taskOf = (over: Partial<SwitchTask> = {}): SwitchTask => ({
  taskId: 3,
  taskName: 'north-move',
  interval: 60,
  switchTime: 1_895_608_000_000,
  graceTime: 3600,
  currentChannelPlan: 'us915:us915-1',
  nextChannelPlan: 'us915:us915-2',
  status: 2,
  triggerCount: 5,
  nextTime: 1_895_607_000_000,
  switchedAt: null,
  errorMessage: null,
  gatewayCount: 1,
  deviceCount: 3,
  deviceStatus: { '2': 2, '3': 1 },
  createTime: 1_795_608_000_000,
  updateTime: 1_795_608_060_000,
  ...over,
});

export const gatewayMemberOf = (over: Record<string, unknown> = {}) => ({
  taskId: 3,
  gatewayId: 'a840411b2c3d4e01',
  gatewayName: 'roof',
  statInterval: 300,
  manual: true,
  status: 1,
  error: null,
  updateTime: 1_795_608_060_000,
  ...over,
});

export const deviceMemberOf = (over: Record<string, unknown> = {}) => ({
  taskId: 3,
  devEUI: '70b3d50000000001',
  deviceName: 'meter-1',
  appID: 4,
  status: 2,
  phase: 1,
  triggerCount: 2,
  lastSentAt: 1_795_608_030_000,
  error: null,
  updateTime: 1_795_608_060_000,
  ...over,
});

const subnet = (n: number) => ({
  subnet: `us915-${n}`,
  name: `US915 sub-band ${n} (902.3–903.7 MHz + ch 64)`,
  channels: 9,
});
export const regions = {
  code: 0,
  data: [
    {
      region: 'us915',
      name: 'US915',
      color: '#2196f3',
      plan: 'fixed',
      subnets: [1, 2, 3].map(subnet),
      createdAt: 0,
      updatedAt: 0,
    },
  ],
};

export const ok = (data: unknown) => ({ code: 0, data });
export const list = (rows: unknown[]) => ({ code: 0, amount: rows.length, data: rows });
