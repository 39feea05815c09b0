import { describe, expect, it } from 'vitest';
import { DOWNLINK_STATUS, downlinkRecord, gatewayFrame, MSG_TYPES, protocolFrame } from './frames';

const frame = {
  msgID: 'm1',
  createtime: 1,
  devEUI: '0102030405060708',
  devAddr: '26011234',
  msgType: 2,
  uplink: true,
  confirmed: false,
  fCnt: 1,
  fPort: 1,
  phy: '40',
  data: '',
  gwID: null,
  sf: 7,
  bw: 125,
  freq: 868.1,
  rssi: -50,
  snr: 9,
};

describe('frame shapes', () => {
  it('take every MType the spec numbers, and nothing past them', () => {
    for (const t of Object.keys(MSG_TYPES).map(Number)) {
      expect(protocolFrame.safeParse({ ...frame, msgType: t }).success).toBe(true);
    }
    expect(protocolFrame.safeParse({ ...frame, msgType: 8 }).success).toBe(false);
    expect(protocolFrame.safeParse({ ...frame, msgType: -1 }).success).toBe(false);
    expect(gatewayFrame.shape.msgType.safeParse(null).success).toBe(true);
    expect(gatewayFrame.shape.msgType.safeParse(8).success).toBe(false);
  });

  it('fill MAC commands and receptions with empty lists', () => {
    expect(protocolFrame.parse(frame)).toMatchObject({ macCommands: [], rxInfo: [] });
  });

  it('downlink status runs over the named states only', () => {
    const statuses = Object.values(DOWNLINK_STATUS);
    const status = downlinkRecord.shape.status;
    for (const s of statuses) expect(status.safeParse(s).success).toBe(true);
    expect(status.safeParse(Math.max(...statuses) + 1).success).toBe(false);
    expect(status.safeParse(Math.min(...statuses) - 1).success).toBe(false);
    expect(downlinkRecord.shape.delivery.safeParse('lost').success).toBe(false);
  });
});
