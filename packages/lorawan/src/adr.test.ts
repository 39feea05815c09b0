import { describe, expect, it } from 'vitest';
import { ADR_HISTORY, adrTarget, linkAdrAccepted, linkAdrBlock, maxAdrDataRate, spendAdrSteps } from './adr';
import { decodeMacCommands, encodeMacCommands } from './mac';
import { getRegion, getSubnet } from './regions';

const eu868 = getRegion('eu868');
const us915 = getRegion('us915');
const euPlan = getSubnet('eu868', 'eu868-default');
const history = (best: number, n = ADR_HISTORY) => Array.from({ length: n }, (_, i) => (i === 3 ? best : best - 6));

describe('ADR step spending', () => {
  // Vectors from chirpstack/chirpstack chirpstack/src/adr/default.rs (test module,
  // test_get_ideal_tx_power_index_and_dr): [nStep, txPower, dr, maxTx, maxDr] → [txPower, dr].
  const vectors: [number, number, number, number, number, number, number][] = [
    [0, 1, 3, 5, 5, 1, 3],
    [1, 1, 4, 5, 5, 1, 5],
    [1, 1, 5, 5, 5, 2, 5],
    [2, 1, 3, 5, 5, 1, 5],
    [2, 1, 4, 5, 5, 2, 5],
    [2, 1, 5, 5, 5, 3, 5],
    [2, 5, 5, 5, 5, 5, 5],
    [-1, 1, 5, 5, 5, 0, 5],
    [-1, 0, 4, 5, 5, 0, 4],
    [-10, 0, 4, 5, 5, 0, 4],
  ];
  it.each(vectors)('%i steps from tx %i dr %i', (steps, tx, dr, maxTx, maxDr, wantTx, wantDr) => {
    expect(spendAdrSteps(steps, tx, dr, maxTx, maxDr)).toEqual([wantTx, wantDr]);
  });
});

describe('ADR target', () => {
  const base = { region: eu868, subnet: euPlan, txPower: 0, margin: 10 };

  it('waits for 20 uplinks of history', () => {
    expect(adrTarget({ ...base, dr: 0, snrHistory: history(10, ADR_HISTORY - 1) })).toBeNull();
  });

  it('raises the data rate first, then lowers the power, from the best SNR of the history', () => {
    // SF12 needs −20 dB: 5 − (−20) − 10 = 15 dB → 5 steps → DR0 to DR5.
    expect(adrTarget({ ...base, dr: 0, snrHistory: history(5) })).toEqual({ dataRate: 5, txPower: 0, nbTrans: 1 });
    // 8 dB → 18 dB margin → 6 steps: DR5 and one power step.
    expect(adrTarget({ ...base, dr: 0, snrHistory: history(8) })).toEqual({ dataRate: 5, txPower: 1, nbTrans: 1 });
  });

  it('raises the power when the margin is negative and never lowers the data rate', () => {
    // SF7 needs −7.5 dB: −10 + 7.5 − 10 = −12.5 dB → −4 steps.
    expect(adrTarget({ ...base, dr: 5, txPower: 3, snrHistory: history(-10) })).toEqual({
      dataRate: 5,
      txPower: 0,
      nbTrans: 1,
    });
    expect(adrTarget({ ...base, dr: 3, txPower: 0, snrHistory: history(-30) })).toBeNull();
  });

  it('keeps the settings when the margin is less than one step', () => {
    // SF9 needs −12.5 dB: 0.4 + 12.5 − 10 = 2.9 dB.
    expect(adrTarget({ ...base, dr: 3, snrHistory: history(0.4) })).toBeNull();
  });

  it('leaves FSK and unknown data rates alone', () => {
    expect(adrTarget({ ...base, dr: 7, snrHistory: history(20) })).toBeNull();
    expect(adrTarget({ ...base, dr: 9, snrHistory: history(20) })).toBeNull();
  });

  it('caps the data rate at the fastest one every narrow-band channel of the plan allows', () => {
    expect(maxAdrDataRate(eu868, euPlan)).toBe(5);
    expect(maxAdrDataRate(us915, getSubnet('us915', 'us915-2'))).toBe(3);
    const us = { region: us915, subnet: getSubnet('us915', 'us915-2'), txPower: 0, margin: 10 };
    expect(adrTarget({ ...us, dr: 0, snrHistory: history(10) })).toEqual({ dataRate: 3, txPower: 2, nbTrans: 1 });
  });
});

describe('LinkADRReq block', () => {
  const t = { dataRate: 3, txPower: 2, nbTrans: 1 };

  it('names the plan channels in one command for dynamic plans', () => {
    const [cmd, ...rest] = linkAdrBlock(eu868, euPlan, t);
    expect(rest).toEqual([]);
    expect(cmd).toEqual({ type: 'LinkADRReq', dataRate: 3, txPower: 2, nbTrans: 1, chMaskCntl: 0, chMask: 0x00ff });
  });

  it('switches US915 to one sub-band: all 125 kHz off with the 500 kHz mask, then the bank', () => {
    const block = linkAdrBlock(us915, getSubnet('us915', 'us915-2'), t);
    expect(block.map((c) => c.type === 'LinkADRReq' && [c.chMaskCntl, c.chMask])).toEqual([
      [7, 0x02],
      [0, 0xff00],
    ]);
    // 2 × 5 bytes: fits in FOpts next to other answers.
    const wire = encodeMacCommands(block);
    expect(wire.toString('hex')).toBe('0332020071' + '033200ff01');
    expect(decodeMacCommands(wire, 'down')).toEqual(block);
  });

  it('sets each bank in use on other fixed plans', () => {
    const block = linkAdrBlock(getRegion('cn470'), getSubnet('cn470', 'cn470-4'), t);
    expect(block.map((c) => c.type === 'LinkADRReq' && [c.chMaskCntl, c.chMask])).toEqual([[1, 0xff00]]);
  });

  it('reads the answers of a block', () => {
    const ok = { type: 'LinkADRAns', powerAck: true, dataRateAck: true, channelMaskAck: true } as const;
    expect(linkAdrAccepted([])).toBeNull();
    expect(linkAdrAccepted([ok, ok])).toBe(true);
    expect(linkAdrAccepted([ok, { ...ok, powerAck: false }])).toBe(false);
  });
});
