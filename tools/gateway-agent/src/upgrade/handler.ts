/**
 * `upgrade` (docs/protocols/gateway-agent.md, Upgrades): a package downloaded, checked and
 * installed per kind, what was installed kept in the state file. One upgrade at a time.
 */
import { accessSync, constants, existsSync, mkdirSync, rmSync } from 'node:fs';
import { INSTALL_STATUS, type UpgradeExtra, type UpgradeKind, upgradeExtra } from '@lns/contract/upgrades';
import { type Handler, notNeeded, parseExtra, type RequestContext, RequestError, unsupported } from '../handler';
import type { Log } from '../log';
import { runShell } from '../shell';
import { fetchPackage } from './fetch-package';
import { installAgent } from './install-agent';
import { installForwarder } from './install-forwarder';
import { installPackage } from './install-package';
import { clipPhase, whyFailed, withStderr } from './outcome';
import type { UpgradeSettings } from './settings';
import { readInstalled, stateFileOf, writeInstalled } from './state';

export interface UpgradeDeps {
  /** Null: upgrades are off on this gateway. */
  settings: UpgradeSettings | null;
  /** The file's shell commands (restartPacketForwarder, restartBridge, reboot). */
  commands: Record<string, string>;
  log: Log;
}

export const UPGRADE_GROUP = 'upgrade';
/** Download progress answers at most this often. */
const PROGRESS_EVERY_MS = 1000;
/** A reboot or restart after the answer gets this long to return (it returns at once when it works). */
const AFTER_DONE_MS = 60_000;
const SHA256_HEX = /^[0-9a-fA-F]{64}$/;
const KIND_NAMES: Record<UpgradeKind, string> = {
  deb: 'deb package',
  opkg: 'opkg package',
  agent: 'agent',
  packetForwarder: 'packet forwarder',
};

export function upgradeHandler(d: UpgradeDeps): Handler {
  return { group: UPGRADE_GROUP, timeoutS: d.settings?.timeoutS, run: (ctx) => runUpgrade(d, ctx) };
}

async function runUpgrade(d: UpgradeDeps, ctx: RequestContext): Promise<unknown> {
  const s = d.settings;
  if (!s) throw unsupported('upgrades are turned off on this gateway (upgrade is null in its file)');
  const x = parseExtra(upgradeExtra, ctx.extra);
  if (!SHA256_HEX.test(x.digest)) throw new RequestError('extra.digest: must be a SHA-256 in hex');
  const stateFile = stateFileOf(s.stateDir);
  const before = readInstalled(stateFile)[x.kind] ?? null;
  if (before === x.version) {
    throw notNeeded(`${KIND_NAMES[x.kind]} ${x.version} is installed already`, { installStatus: INSTALL_STATUS.skip });
  }
  const install = planInstall(x, s, d.commands);
  try {
    // Before the download: an upgrade that cannot be recorded would be done again and again.
    mkdirSync(s.stateDir, { recursive: true });
    accessSync(s.stateDir, constants.W_OK);
  } catch (err) {
    throw new RequestError(`cannot write in upgrade.stateDir ${s.stateDir}: ${(err as Error).message}`);
  }

  const started = Date.now();
  const leftMs = () => Math.max(1000, started + ctx.timeoutMs - Date.now());
  const answer = (installStatus: number, pct: number, phase: string) =>
    ctx.progress(pct, { installStatus, phase: clipPhase(phase) });
  let shownAt = 0;
  let shown = -1;
  const downloading = (pct: number) => {
    const whole = Math.floor(pct);
    const now = Date.now();
    if (whole === shown || now - shownAt < PROGRESS_EVERY_MS) return;
    shown = whole;
    shownAt = now;
    // The download is most of the time an upgrade takes: 0–80 of the bar.
    answer(INSTALL_STATUS.downloading, whole * 0.8, `downloading ${whole} %`);
  };
  downloading(0);
  const file = await fetchPackage({
    extra: x,
    workDir: s.workDir,
    signal: ctx.signal,
    timeoutMs: ctx.timeoutMs,
    onPercent: downloading,
    onCheck: () => answer(INSTALL_STATUS.downloading, 80, 'checking size and SHA-256'),
  });

  const say = (phase: string) => answer(INSTALL_STATUS.updating, 90, phase);
  let next: AfterInstall;
  try {
    next = await install({ file, version: x.version, before, stateFile, timeoutMs: leftMs(), say });
  } finally {
    rmSync(file, { force: true });
  }
  writeInstalled(stateFile, x.kind, x.version);
  d.log.info(`upgrade: ${KIND_NAMES[x.kind]} ${x.version} installed`);
  const after = next.after;
  if (after) ctx.afterDone(() => runAfterDone(after, d.log));
  return {
    installStatus: INSTALL_STATUS.installSuccess,
    version: x.version.slice(0, 128),
    ...(next.phase ? { phase: next.phase } : {}),
  };
}

interface InstallJob {
  file: string;
  version: string;
  before: string | null;
  stateFile: string;
  timeoutMs: number;
  say(phase: string): void;
}
/** What comes after the `done` answer: its phase, and a command run once it is published. */
interface AfterInstall {
  phase?: string;
  after?: string;
}
/** Installs the checked file. */
type Install = (job: InstallJob) => Promise<AfterInstall>;

/** How this gateway installs the kind, or unsupported (before anything is downloaded). */
function planInstall(x: UpgradeExtra, s: UpgradeSettings, commands: Record<string, string>): Install {
  if (x.kind === 'deb' || x.kind === 'opkg') {
    const command = s[x.kind];
    if (!command) throw unsupported(`this gateway does not install ${x.kind} packages (upgrade.${x.kind} is not set)`);
    if (x.restartAfterInstall && !commands.reboot) {
      throw unsupported(
        'the package needs a reboot after it is installed, and reboot is not configured on this gateway',
      );
    }
    return async (j) => {
      await installPackage(command, j.file, j.timeoutMs, j.say);
      return x.restartAfterInstall ? { phase: 'rebooting', after: commands.reboot } : {};
    };
  }
  if (x.kind === 'agent') {
    const path = programPath(s.agentPath, 'agentPath', 'agent');
    return async (j) => {
      await installAgent({
        path,
        file: j.file,
        version: j.version,
        previous: j.before,
        stateFile: j.stateFile,
        checkS: s.checkS,
        say: j.say,
      });
      const restart = commands.restartBridge;
      return restart
        ? { phase: 'restarting the agent', after: restart }
        : { phase: 'the new agent runs from its next start' };
    };
  }
  const path = programPath(s.packetForwarderPath, 'packetForwarderPath', 'packet forwarder');
  const restart = commands.restartPacketForwarder;
  if (!restart) {
    throw unsupported(
      'restartPacketForwarder is not configured on this gateway: a new packet forwarder could not be started',
    );
  }
  return async (j) => {
    await installForwarder({
      path,
      file: j.file,
      restart,
      check: s.packetForwarderCheck,
      checkS: s.checkS,
      say: j.say,
    });
    return {};
  };
}

function programPath(path: string | null, key: string, what: string): string {
  if (!path) throw unsupported(`upgrade.${key} is not set: this gateway does not say where its ${what} program is`);
  if (!existsSync(path)) throw unsupported(`no ${what} program at ${path} (upgrade.${key})`);
  return path;
}

async function runAfterDone(command: string, log: Log): Promise<void> {
  log.info(`upgrade: ${command}`);
  const res = await runShell(command, AFTER_DONE_MS);
  if (res.code !== 0) log.error(`upgrade: ${command}: ${withStderr(whyFailed(res, AFTER_DONE_MS), res)}`);
}
