import { describe, expect, it } from 'vitest';
import { ackStatus, codr, txpkOf } from './downlink';
import { codeRateName, contextOf, gatewayStatsOf, loraDatr, uplinkFrameOf } from './uplink';

const lora = { bandwidth: 125000, spreadingFactor: 7, codeRate: 'CR_4_5' };

describe('Semtech UDP ↔ gateway MQTT fields', () => {
  it('reads data rates, code rates and the counter', () => {
    expect(loraDatr('SF7BW125')).toEqual({ spreadingFactor: 7, bandwidth: 125000 });
    expect(loraDatr('SF12BW500')).toEqual({ spreadingFactor: 12, bandwidth: 500000 });
    expect(loraDatr('SF7')).toBeNull();
    expect(codeRateName('4/5')).toBe('CR_4_5');
    expect(codeRateName('4/8LI')).toBe('CR_LI_4_8');
    expect(codeRateName('OFF')).toBeUndefined();
    expect(codr('CR_4_7')).toBe('4/7');
    expect(codr('CR_LI_4_6')).toBe('4/6LI');
    expect(codr(undefined)).toBe('4/5');
    expect(contextOf(100_000)).toBe('AAGGoA==');
    expect(contextOf(0xffffffff)).toBe('/////w==');
  });

  it('turns an FSK rxpk into modulation.fsk and drops bad-CRC or unreadable frames', () => {
    const r = { tmst: 1, freq: 868.8, modu: 'FSK' as const, datr: 50000, rssi: -80, data: 'AA==', stat: 1, tmms: 1000 };
    expect(uplinkFrameOf(r, 'g', 1)).toMatchObject({
      txInfo: { frequency: 868_800_000, modulation: { fsk: { datarate: 50000 } } },
      rxInfo: { timeSinceGpsEpoch: '1.000s', crcStatus: 'CRC_OK' },
    });
    expect(uplinkFrameOf({ ...r, stat: 0 }, 'g', 1)).toBeNull();
    expect(uplinkFrameOf({ ...r, modu: 'LORA', datr: 'bad' }, 'g', 1)).toBeNull();
  });

  it('leaves the location out unless the forwarder has a fix', () => {
    expect(gatewayStatsOf({ lati: 0, long: 0, rxnb: 1 }, 'g').location).toBeUndefined();
    expect(gatewayStatsOf({ lati: 46.2, long: 6.1, alti: 400 }, 'g').location).toEqual({
      latitude: 46.2,
      longitude: 6.1,
      altitude: 400,
    });
  });

  it('builds txpk timing: delay wraps the 32-bit counter, a delay without context is refused', () => {
    const item = (timing: object, context?: string) => ({
      phyPayload: 'AQID',
      txInfo: { frequency: 868_100_000, power: 14, modulation: { lora }, timing, context } as never,
    });
    expect(txpkOf(item({ delay: { delay: '1.5s' } }, '/////w=='))).toMatchObject({ tmst: 1_499_999, size: 3 });
    expect(txpkOf(item({ delay: { delay: '0s' } }))).toBe('delay timing without a 4-byte context');
    const fsk = txpkOf({
      phyPayload: 'AQID',
      txInfo: {
        frequency: 868_800_000,
        power: 27,
        modulation: { fsk: { datarate: 50000 } },
        timing: { immediately: {} },
      },
    });
    expect(fsk).toMatchObject({ modu: 'FSK', datr: 50000, fdev: 25000, imme: true, ipol: false, freq: 868.8 });
  });

  it('maps TX_ACK errors to ack statuses', () => {
    expect(ackStatus('NONE')).toBe('OK');
    expect(ackStatus('TOO_EARLY')).toBe('TOO_EARLY');
    expect(ackStatus('SOMETHING_NEW')).toBe('INTERNAL_ERROR');
  });
});
