import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_COMMANDS, loadConfig, parseConfig } from './config';
import { PLATFORM_COMMANDS } from './platform';
import { PLATFORM_UPGRADE } from './upgrade/settings';
import { AGENT_VERSION } from './version';

const base = { gatewayId: 'A840411B2C3D4E5F', server: 'mqtt://127.0.0.1:1883' };
const errorOf = (raw: unknown) => {
  try {
    parseConfig(raw);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  return 'no error';
};

describe('config file', () => {
  it('fills every default', () => {
    expect(parseConfig(base)).toEqual({
      gatewayId: 'a840411b2c3d4e5f',
      server: 'mqtt://127.0.0.1:1883',
      username: 'a840411b2c3d4e5f',
      password: '',
      prefix: 'eu868',
      udpPort: 1700,
      udpHost: '127.0.0.1',
      statInterval: 300,
      minStatInterval: 300,
      mqttKeepAlive: 10,
      logDir: '/var/log',
      enableBridgeLogToFile: false,
      commands: DEFAULT_COMMANDS,
      commandTimeoutS: 60,
      platform: 'debian',
      packetForwarderConfig: '/etc/lora-pkt-fwd/global_conf.json',
      logDirs: { log: '/var/log', rlog: '/var/rlog' },
      rssh: { command: 'ssh', keyFile: '/etc/gateway-agent/rssh_key', localPort: 22 },
      spectralScan: null,
      webShell: { enabled: true, command: '/bin/sh', args: ['-l'], idleS: 900, maxSessions: 4 },
      upgrade: PLATFORM_UPGRADE.debian,
    });
  });

  it("takes the platform's upgrade defaults, the file's keys over them, null turning a kind or all off", () => {
    expect(parseConfig({ ...base, platform: 'openwrt' }).upgrade).toEqual({
      workDir: '/tmp/gateway-agent',
      stateDir: '/etc/gateway-agent',
      deb: null,
      opkg: 'opkg install {file}',
      agentPath: '/usr/local/lib/gateway-agent/gateway-agent.cjs',
      packetForwarderPath: null,
      packetForwarderCheck: 'pidof lora_pkt_fwd >/dev/null',
      checkS: 60,
      timeoutS: 3600,
    });
    expect(PLATFORM_UPGRADE.debian).toMatchObject({
      deb: 'dpkg -i {file}',
      opkg: null,
      packetForwarderCheck: 'systemctl is-active --quiet lora-pkt-fwd',
    });
    const u = parseConfig({
      ...base,
      upgrade: { deb: null, packetForwarderPath: '/opt/pf/lora_pkt_fwd', checkS: 5, stateDir: '/data/agent' },
    }).upgrade;
    expect(u).toMatchObject({
      deb: null,
      packetForwarderPath: '/opt/pf/lora_pkt_fwd',
      checkS: 5,
      stateDir: '/data/agent',
      workDir: '/var/tmp/gateway-agent',
    });
    expect(parseConfig({ ...base, upgrade: null }).upgrade).toBeNull();
  });

  it("takes the platform's commands, and the forwarder's stop and start for a scan", () => {
    const w = parseConfig({ ...base, platform: 'openwrt', spectralScan: { command: '/opt/spectral_scan' } });
    expect(w.commands).toEqual(PLATFORM_COMMANDS.openwrt);
    expect(w.commands.getBridgeLogs).toMatch(/^logread /);
    expect(w.spectralScan).toEqual({
      command: '/opt/spectral_scan',
      args: [],
      workDir: '/tmp',
      samples: 1000,
      stopPacketForwarder: '/etc/init.d/lora-pkt-fwd stop',
      startPacketForwarder: '/etc/init.d/lora-pkt-fwd start',
    });
    const d = parseConfig({ ...base, spectralScan: { command: 'x', startPacketForwarder: 'my-start' } });
    expect(d.spectralScan).toMatchObject({
      stopPacketForwarder: 'systemctl stop lora-pkt-fwd',
      startPacketForwarder: 'my-start',
    });
    // Every platform answers the same console commands.
    expect(Object.keys(PLATFORM_COMMANDS.openwrt).sort()).toEqual(Object.keys(PLATFORM_COMMANDS.debian).sort());
    const partial = parseConfig({ ...base, logDirs: { rlog: null }, webShell: { idleS: 60 }, rssh: null });
    expect(partial.logDirs).toEqual({ log: '/var/log', rlog: null });
    expect(partial.webShell).toMatchObject({ enabled: true, command: '/bin/sh', idleS: 60 });
    expect(partial.rssh).toBeNull();
  });

  it('merges commands (null removes a default) and clamps the stat interval', () => {
    const c = parseConfig({
      ...base,
      commands: { reboot: null, openWeb: 'systemctl start uhttpd' },
      statInterval: 5000,
    });
    expect(c.commands.reboot).toBeUndefined();
    expect(c.commands.openWeb).toBe('systemctl start uhttpd');
    expect(c.commands.restartPacketForwarder).toBe('systemctl restart lora-pkt-fwd');
    expect(c.statInterval).toBe(1800);
    expect(parseConfig({ ...base, statInterval: 10 }).statInterval).toBe(300);
    expect(parseConfig({ ...base, statInterval: 10, minStatInterval: 1 }).statInterval).toBe(10);
  });

  it('names the bad key in one line', () => {
    expect(errorOf({ ...base, gatewayId: 'xyz' })).toBe('gatewayId: must be 16 hex digits');
    expect(errorOf({ server: base.server })).toMatch(/^gatewayId: /);
    expect(errorOf({ ...base, server: 'localhost' })).toBe('server: must be a URL like mqtt://host:1883');
    expect(errorOf({ ...base, udpPort: 70000 })).toMatch(/^udpPort: /);
    expect(errorOf({ ...base, mqttKeepAlive: 2 })).toMatch(/^mqttKeepAlive: /);
    expect(errorOf({ ...base, commands: { reboot: 1 } })).toMatch(/^commands\.reboot: /);
    expect(errorOf({ ...base, statinterval: 60 })).toBe('statinterval: is not a known key');
    expect(errorOf({ ...base, prefix: 'eu/868' })).toBe('prefix: must be one MQTT topic level');
    expect(errorOf([])).toMatch(/^file: /);
    expect(errorOf({ ...base, commands: { startRssh: 'ssh -R …' } })).toBe(
      'commands.startRssh: is built into the agent',
    );
    expect(errorOf({ ...base, platform: 'windows' })).toMatch(/^platform: /);
    expect(errorOf({ ...base, webShell: { shell: 'bash' } })).toBe('webShell: is not a known key');
    expect(errorOf({ ...base, upgrade: { deb: 'dpkg -i' } })).toBe('upgrade.deb: must contain {file}');
    expect(errorOf({ ...base, upgrade: { checkS: 0 } })).toMatch(/^upgrade\.checkS: /);
    expect(errorOf({ ...base, upgrade: { workdir: '/tmp' } })).toBe('upgrade: is not a known key');
    expect(errorOf({ ...base, commands: { upgrade: 'apt-get upgrade' } })).toBe(
      'commands.upgrade: is built into the agent',
    );
  });

  it('reads a file; a missing or broken file is one line too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-cfg-'));
    writeFileSync(join(dir, 'ok.json'), JSON.stringify(base));
    expect(loadConfig(join(dir, 'ok.json')).gatewayId).toBe('a840411b2c3d4e5f');
    writeFileSync(join(dir, 'bad.json'), '{ "gatewayId": ');
    expect(() => loadConfig(join(dir, 'bad.json'))).toThrow(/bad\.json is not JSON/);
    expect(() => loadConfig(join(dir, 'none.json'))).toThrow(/cannot read .*none\.json: ENOENT/);
  });

  it('the CLI stops with one line naming the key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-cli-'));
    const file = join(dir, 'agent.json');
    writeFileSync(file, JSON.stringify({ ...base, statInterval: 'often' }));
    const cli = new URL('./cli.ts', import.meta.url).pathname;
    const r = spawnSync(process.execPath, ['--import', 'tsx', cli, '--config', file], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^gateway-agent: config .*agent\.json: statInterval: /),
    ]);
  });

  it('reports the version of its package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(AGENT_VERSION).toBe(pkg.version);
  });
});
