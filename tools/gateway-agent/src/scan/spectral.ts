/**
 * A noise scan on an SX1302/SX1303 gateway: the packet forwarder holds the concentrator, so it is
 * stopped, the HAL's spectral_scan runs (`-f <MHz> -n <channels> -s <samples> -l <name>`, once per
 * 255 channels), its `<name>.csv` is read, and the forwarder is started again whatever happened.
 */
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SpectralScanSettings } from '../config';
import type { Log } from '../log';
import { runShell, type ShellResult } from '../shell';
import { planPasses, type ScanPass } from './channels';
import { type ChannelLevels, parseSpectralCsv, pointsAt } from './csv';
import type { Scanner } from './scanner';

/** Stopping or starting the forwarder may take this long. */
const SERVICE_TIMEOUT_MS = 60_000;
/** How often the CSV is looked at while spectral_scan writes it (progress). */
const POLL_MS = 500;
/** After SIGTERM, spectral_scan gets this long to put the concentrator away before SIGKILL. */
const KILL_GRACE_MS = 2000;
/** Progress the forwarder's stop and start take up, of 100. */
const SERVICE_SHARE = 5;

const failure = (r: ShellResult) =>
  r.timedOut
    ? 'timed out'
    : `${r.code === null ? `ended by ${r.signal}` : `exit code ${r.code}`}${r.stderr ? `: ${r.stderr.slice(-300)}` : ''}`;

export function spectralScanner(cfg: SpectralScanSettings, log: Log): Scanner {
  return async ({ frequencies, signal, progress }) => {
    const passes = planPasses(frequencies);
    const total = passes.reduce((n, p) => n + p.channels, 0);
    progress(0);
    const rows: ChannelLevels[] = [];
    let scanError: Error | undefined;
    try {
      const stopped = await runShell(cfg.stopPacketForwarder, SERVICE_TIMEOUT_MS);
      if (stopped.code !== 0) throw new Error(`cannot stop the packet forwarder: ${failure(stopped)}`);
      log.info(`scan: packet forwarder stopped, ${total} channels in ${passes.length} run(s) of spectral_scan`);
      let done = 0;
      for (const [i, pass] of passes.entries()) {
        const share = (n: number) => SERVICE_SHARE + ((100 - 2 * SERVICE_SHARE) * (done + n)) / total;
        rows.push(...(await runPass(cfg, pass, i, signal, (n) => progress(share(n)))));
        done += pass.channels;
        progress(share(0));
      }
    } catch (err) {
      scanError = err as Error;
    }
    // Always: a gateway must not be left without its packet forwarder.
    const started = await runShell(cfg.startPacketForwarder, SERVICE_TIMEOUT_MS);
    if (started.code !== 0) {
      const msg = `the packet forwarder did not start again: ${failure(started)}`;
      log.error(`scan: ${msg}`);
      throw new Error(scanError ? `${scanError.message}; ${msg}` : msg);
    }
    log.info('scan: packet forwarder started again');
    if (scanError) throw scanError;
    return pointsAt(rows, frequencies);
  };
}

/** One spectral_scan run; `onChannels` hears how many channels its CSV has so far. */
async function runPass(
  cfg: SpectralScanSettings,
  pass: ScanPass,
  index: number,
  signal: AbortSignal,
  onChannels: (n: number) => void,
): Promise<ChannelLevels[]> {
  const name = `lns-spectral-scan-${process.pid}-${index}`;
  const csv = join(cfg.workDir, `${name}.csv`);
  await rm(csv, { force: true });
  const args = [
    ...cfg.args,
    '-f',
    (pass.startHz / 1e6).toFixed(6),
    '-n',
    String(pass.channels),
    '-s',
    String(cfg.samples),
    '-l',
    name,
  ];
  const poll = setInterval(() => {
    readFile(csv, 'utf8').then(
      (text) => onChannels(Math.min(pass.channels, text.split('\n').filter((l) => l.trim()).length)),
      () => {},
    );
  }, POLL_MS);
  try {
    const { code, signal: sig, stderr } = await runProgram(cfg.command, args, cfg.workDir, signal);
    if (signal.aborted) throw new Error('spectral_scan stopped: the time for the scan is up');
    if (code !== 0) {
      const why = code === null ? `ended by ${sig}` : `exit code ${code}`;
      throw new Error(`spectral_scan ${why}${stderr ? `: ${stderr.slice(-300)}` : ''}`);
    }
    let text: string;
    try {
      text = await readFile(csv, 'utf8');
    } catch {
      throw new Error(`spectral_scan wrote no ${name}.csv in ${cfg.workDir}`);
    }
    const rows = parseSpectralCsv(text);
    if (rows.length === 0) throw new Error(`spectral_scan's ${name}.csv has no measurement`);
    return rows;
  } finally {
    clearInterval(poll);
    await rm(csv, { force: true });
  }
}

/** Runs a program (no shell) in its own process group; an abort ends the group, SIGTERM then SIGKILL. */
function runProgram(
  command: string,
  args: string[],
  cwd: string,
  signal: AbortSignal,
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => {
      stderr = (stderr + c.toString('utf8')).slice(-4096);
    });
    let kill: NodeJS.Timeout | undefined;
    const group = (sig: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, sig);
      } catch {}
    };
    const onAbort = () => {
      group('SIGTERM');
      kill = setTimeout(() => group('SIGKILL'), KILL_GRACE_MS);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) onAbort();
    child.once('error', (err) => {
      signal.removeEventListener('abort', onAbort);
      reject(new Error(`cannot run ${command}: ${(err as NodeJS.ErrnoException).code ?? err.message}`));
    });
    child.once('close', (code, sig) => {
      clearTimeout(kill);
      signal.removeEventListener('abort', onAbort);
      resolve({ code, signal: sig, stderr: stderr.trim() });
    });
  });
}
