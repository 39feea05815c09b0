import { downlinkTxAck, uplinkFrame } from '@lns/contract/gateway-mqtt';
import type { Rxpk } from '@lns/semtech-udp/packets';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Rig, startRig } from '../test/agent';
import { FakeForwarder } from '../test/forwarder';

const rxpk: Rxpk = {
  tmst: 0xa1b2c3d4,
  time: '2026-11-25T12:00:00.123456Z',
  chan: 2,
  rfch: 1,
  freq: 868.5,
  stat: 1,
  modu: 'LORA',
  datr: 'SF9BW125',
  codr: '4/5',
  rssi: -57,
  lsnr: 9.5,
  size: 13,
  data: 'QAEAACaAAQABpQ7ZUw==',
};

const downlink = (downlinkId: number, context: string, items = 1) => ({
  downlinkId,
  gatewayId: '',
  items: Array.from({ length: items }, (_, i) => ({
    phyPayload: 'YAEAACYAAQABAgM=',
    txInfo: {
      frequency: 869_525_000 + i * 100_000,
      power: 14,
      modulation: { lora: { bandwidth: 125000, spreadingFactor: 12, codeRate: 'CR_4_5', polarizationInversion: true } },
      timing: { delay: { delay: '1s' } },
      context,
    },
  })),
});

describe('packet forwarder bridge (Semtech UDP v2 ↔ MQTT, real sockets)', () => {
  let rig: Rig;
  let fwd: FakeForwarder;
  beforeEach(async () => {
    rig = await startRig();
    await rig.sub.next('state/conn', (b) => b.state === 'ONLINE');
    fwd = await FakeForwarder.open(rig.agent.forwarder.port, rig.gw);
  });
  afterEach(async () => {
    await fwd.close();
    await rig.close();
  });

  it('acknowledges PUSH_DATA and publishes each good rxpk as an UplinkFrame on event/up', async () => {
    const ack = await fwd.push({ rxpk: [rxpk, { ...rxpk, stat: -1, data: 'AAAA' }, { ...rxpk, tmst: 7 }] });
    expect(ack.kind).toBe('PUSH_ACK');
    const up = await rig.sub.next('event/up');
    expect(up.topic).toBe(rig.topic('event', 'up'));
    const frame = uplinkFrame.parse(up.body);
    expect(frame).toEqual({
      phyPayload: rxpk.data,
      txInfo: {
        frequency: 868_500_000,
        modulation: { lora: { bandwidth: 125000, spreadingFactor: 9, codeRate: 'CR_4_5' } },
      },
      rxInfo: {
        gatewayId: rig.gw,
        uplinkId: expect.any(Number),
        rssi: -57,
        snr: 9.5,
        channel: 2,
        rfChain: 1,
        context: Buffer.from([0xa1, 0xb2, 0xc3, 0xd4]).toString('base64'),
        crcStatus: 'CRC_OK',
        gwTime: rxpk.time,
      },
    });
    // The CRC-failed frame is not forwarded; the third one is, with its own counter and uplinkId.
    const second = await rig.sub.next('event/up', (b) => (b.rxInfo as { context: string }).context === 'AAAABw==');
    expect((second.body.rxInfo as { uplinkId: number }).uplinkId).toBe(frame.rxInfo.uplinkId! + 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(rig.sub.count('event/up')).toBe(2);
  });

  it('publishes the forwarder stat as GatewayStats on event/stats', async () => {
    await fwd.push({
      stat: { time: '2026-11-25 12:00:00 GMT', rxnb: 5, rxok: 4, rxfw: 4, ackr: 100, dwnb: 2, txnb: 1 },
    });
    const stats = await rig.sub.next('event/stats');
    expect(stats.body).toMatchObject({
      gatewayId: rig.gw,
      rxPacketsReceived: 5,
      rxPacketsReceivedOk: 4,
      txPacketsReceived: 2,
      txPacketsEmitted: 1,
    });
    // The report's packet forwarder section: seen within the minute, counts of its last stat.
    const from = rig.sub.received.length;
    await rig.agent.reportNow();
    const report = await rig.sub.next('agent/report', () => true, 5000, from);
    expect(report.body.packetForwarder).toMatchObject({
      running: true,
      rxReceived: 5,
      rxOk: 4,
      txReceived: 2,
      txEmitted: 1,
    });
    expect((report.body.packetForwarder as { lastPushAt: number }).lastPushAt).toBeGreaterThan(Date.now() - 5000);
  });

  it('turns a DownlinkFrame into a PULL_RESP at tmst = context + delay, and its TX_ACK into event/ack', async () => {
    expect((await fwd.pull()).kind).toBe('PULL_ACK');
    const context = Buffer.from([0x00, 0x0f, 0x42, 0x40]).toString('base64'); // 1_000_000 µs
    await rig.sub.publish(rig.topic('command', 'down'), downlink(51234, context));
    const resp = await fwd.next((d) => d.kind === 'PULL_RESP');
    if (resp.kind !== 'PULL_RESP') throw new Error('unreachable');
    expect(resp.version).toBe(2);
    expect(resp.txpk).toEqual({
      tmst: 2_000_000,
      freq: 869.525,
      rfch: 0,
      powe: 14,
      modu: 'LORA',
      datr: 'SF12BW125',
      codr: '4/5',
      ipol: true,
      size: 11,
      data: 'YAEAACYAAQABAgM=',
    });
    fwd.txAck(resp.token, 'NONE');
    const ack = await rig.sub.next('event/ack');
    expect(downlinkTxAck.parse(ack.body)).toEqual({ gatewayId: rig.gw, downlinkId: 51234, items: [{ status: 'OK' }] });
  });

  it('reports a TX_ACK error by name, after trying the next item', async () => {
    await fwd.pull();
    await rig.sub.publish(rig.topic('command', 'down'), downlink(7, 'AAAAAA==', 2));
    const first = await fwd.next((d) => d.kind === 'PULL_RESP');
    fwd.txAck(first.token, 'TOO_LATE');
    const second = await fwd.next((d) => d.kind === 'PULL_RESP');
    if (second.kind !== 'PULL_RESP') throw new Error('unreachable');
    expect(second.txpk.freq).toBe(869.625);
    fwd.txAck(second.token, 'COLLISION_PACKET');
    const ack = await rig.sub.next('event/ack');
    expect(ack.body).toEqual({
      gatewayId: rig.gw,
      downlinkId: 7,
      items: [{ status: 'TOO_LATE' }, { status: 'COLLISION_PACKET' }],
    });
  });

  it('sends class C frames immediately and class B frames at their GPS time', async () => {
    await fwd.pull();
    const frame = downlink(8, 'AAAAAA==');
    frame.items[0]!.txInfo.timing = { immediately: {} } as never;
    await rig.sub.publish(rig.topic('command', 'down'), frame);
    const c = await fwd.next((d) => d.kind === 'PULL_RESP');
    if (c.kind !== 'PULL_RESP') throw new Error('unreachable');
    expect(c.txpk).toMatchObject({ imme: true });
    expect(c.txpk.tmst).toBeUndefined();
    frame.items[0]!.txInfo.timing = { gpsEpoch: { timeSinceGpsEpoch: '1448366421.150s' } } as never;
    await rig.sub.publish(rig.topic('command', 'down'), { ...frame, downlinkId: 9 });
    const b = await fwd.next((d) => d.kind === 'PULL_RESP');
    if (b.kind !== 'PULL_RESP') throw new Error('unreachable');
    expect(b.txpk.tmms).toBe(1_448_366_421_150);
  });

  it('publishes no ack when the forwarder sends no TX_ACK within 5 s (a late one is ignored)', async () => {
    await fwd.pull();
    await rig.sub.publish(rig.topic('command', 'down'), downlink(10, 'AAAAAA=='));
    const resp = await fwd.next((d) => d.kind === 'PULL_RESP');
    await new Promise((r) => setTimeout(r, 5300));
    fwd.txAck(resp.token, 'NONE');
    await new Promise((r) => setTimeout(r, 300));
    expect(rig.sub.count('event/ack')).toBe(0);
  });

  it('answers INTERNAL_ERROR while no forwarder has sent PULL_DATA', async () => {
    await rig.sub.publish(rig.topic('command', 'down'), downlink(11, 'AAAAAA=='));
    const ack = await rig.sub.next('event/ack');
    expect(ack.body).toMatchObject({ downlinkId: 11, items: [{ status: 'INTERNAL_ERROR' }] });
  });
});
