import { rmSync } from 'node:fs';
import { scanPoint } from '@lns/contract/gateway-commands';
import { afterEach, describe, expect, it } from 'vitest';
import { type Rig, startRig } from '../../test/agent';
import { type FakeScan, makeFakeScan } from '../../test/fake-spectral-scan';
import type { SpectralScanSettings } from '../config';
import { Log } from '../log';
import { spectralScanner } from './spectral';

const settingsOf = (f: FakeScan, samples = 300): SpectralScanSettings => ({
  command: f.command,
  args: ['-d', '/dev/spidev0.0'],
  workDir: f.dir,
  samples,
  stopPacketForwarder: f.stop,
  startPacketForwarder: f.start,
});

describe('the spectral_scan runner (a fake spectral_scan)', () => {
  let fake: FakeScan;
  afterEach(() => rmSync(fake.dir, { recursive: true, force: true }));
  const run = (frequencies: number[], signal: AbortSignal) => {
    const progress: number[] = [];
    const scan = spectralScanner(settingsOf(fake), new Log(fake.dir, false));
    return { progress, done: scan({ frequencies, signal, progress: (p) => progress.push(p) }) };
  };

  it('stops the forwarder, scans, reads the CSV, starts the forwarder; a point per frequency', async () => {
    fake = makeFakeScan();
    const freqs = Array.from({ length: 10 }, (_, i) => 868_000_000 + i * 100_000);
    const { progress, done } = run(freqs, new AbortController().signal);
    const points = await done;
    expect(points.map((p) => scanPoint.parse(p).frequency)).toEqual(freqs);
    // 868.0 is channel 0 (−120, 300 samples), 868.2 channel 1 (−119), 868.8 channel 4 with one sample at −60.
    expect(points[0]).toEqual({ frequency: 868_000_000, rssiAvg: -120, rssiMin: -120, rssiMax: -120 });
    expect(points[2]).toMatchObject({ rssiAvg: -119 });
    expect(points[8]).toEqual({ frequency: 868_800_000, rssiAvg: -115.8, rssiMin: -116, rssiMax: -60 });
    expect(fake.calls()).toEqual([
      'stop',
      expect.stringMatching(/^scan -d \/dev\/spidev0\.0 -f 868\.000000 -n 6 -s 300 -l lns-spectral-scan-\d+-0$/),
      'start',
    ]);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(95);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('runs once per 255 channels over a wide range', async () => {
    fake = makeFakeScan();
    const freqs = Array.from({ length: 14 }, (_, i) => 863_000_000 + i * 5_000_000);
    const points = await run(freqs, new AbortController().signal).done;
    expect(points).toHaveLength(14);
    expect(
      fake
        .calls()
        .filter((c) => c.startsWith('scan'))
        .map((c) => c.match(/-f (\S+) -n (\d+)/)!.slice(1)),
    ).toEqual([
      ['863.000000', '251'],
      ['918.000000', '51'],
    ]);
  });

  it('starts the forwarder again when spectral_scan fails', async () => {
    fake = makeFakeScan();
    fake.mode('fail');
    await expect(run([868_100_000], new AbortController().signal).done).rejects.toThrow(
      'spectral_scan exit code 3: lgw_start failed: no concentrator on the SPI bus',
    );
    expect(fake.calls()).toEqual(['stop', expect.stringMatching(/^scan /), 'start']);
  });

  it('ends spectral_scan when the time is up, and starts the forwarder again', async () => {
    fake = makeFakeScan();
    fake.mode('slow');
    const ac = new AbortController();
    const { done } = run([868_100_000], ac.signal);
    const started = Date.now();
    setTimeout(() => ac.abort(), 300);
    await expect(done).rejects.toThrow('spectral_scan stopped: the time for the scan is up');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(fake.calls()).toEqual(['stop', expect.stringMatching(/^scan /), 'start']);
  });

  it('does not scan when the forwarder cannot be stopped', async () => {
    fake = makeFakeScan();
    const scan = spectralScanner(
      { ...settingsOf(fake), stopPacketForwarder: 'echo busy >&2; exit 1' },
      new Log(fake.dir, false),
    );
    await expect(
      scan({ frequencies: [868_100_000], signal: new AbortController().signal, progress: () => {} }),
    ).rejects.toThrow('cannot stop the packet forwarder: exit code 1: busy');
    expect(fake.calls()).toEqual(['start']);
  });
});

describe('frequencyScan (real broker)', () => {
  let rig: Rig;
  let fake: FakeScan;
  afterEach(async () => {
    await rig?.close();
    rmSync(fake.dir, { recursive: true, force: true });
  });
  const range = { frequencyMin: 868_000_000, frequencyMax: 869_000_000, frequencyStep: 200_000 };

  it('answers progress, then done with a point per frequency', async () => {
    fake = makeFakeScan();
    rig = await startRig({ spectralScan: settingsOf(fake) });
    await rig.sub.next('agent/report');
    const { end, progress } = await rig.request('frequencyScan', range, { timeoutS: 30 });
    expect(end.state).toBe('done');
    const points = (end.result as { points: unknown[] }).points.map((p) => scanPoint.parse(p));
    expect(points.map((p) => p.frequency)).toEqual([868.0, 868.2, 868.4, 868.6, 868.8, 869.0].map((m) => m * 1e6));
    expect(points[4]).toMatchObject({ rssiMax: -60 });
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress[0]!.progress).toBe(0);
  });

  it('answers busy to a second scan or a forwarder restart while one runs, and ends it when the time is up', async () => {
    fake = makeFakeScan();
    fake.mode('slow');
    rig = await startRig({ spectralScan: settingsOf(fake), commands: { restartPacketForwarder: 'true' } });
    await rig.sub.next('agent/report');
    const first = rig.request('frequencyScan', range, { timeoutS: 2.5, waitMs: 10_000 });
    await rig.sub.next('agent/response', (b) => b.state === 'progress');
    expect((await rig.request('frequencyScan', range)).end).toMatchObject({
      state: 'error',
      reason: 'busy',
      error: 'frequencyScan is running',
    });
    expect((await rig.request('restartPacketForwarder')).end).toMatchObject({ state: 'error', reason: 'busy' });
    const { end } = await first;
    expect(end).toMatchObject({ state: 'error', error: 'spectral_scan stopped: the time for the scan is up' });
    expect(fake.calls().at(-1)).toBe('start');
    // Free again once it ended.
    expect((await rig.request('restartPacketForwarder')).end.state).toBe('done');
  });

  it('refuses a range that is not one', async () => {
    fake = makeFakeScan();
    rig = await startRig({ spectralScan: settingsOf(fake) });
    await rig.sub.next('agent/report');
    const bad = await rig.request('frequencyScan', { ...range, frequencyMax: 867_000_000 });
    expect(bad.end).toMatchObject({ state: 'error', error: 'frequencyMax is below frequencyMin' });
    const many = await rig.request('frequencyScan', { ...range, frequencyMax: 968_000_000, frequencyStep: 1000 });
    expect(many.end).toMatchObject({ state: 'error', error: 'at most 500 frequencies' });
    expect(fake.calls()).toEqual([]);
  });
});
