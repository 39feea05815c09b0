/**
 * npm run simulate -- --gateways 3 --devices 10 --interval 10 [--url http://127.0.0.1:8080]
 *   [--user admin (LNS_PASSWORD or --data-dir) | --token lns_... (or LNS_TOKEN)] [--udp 127.0.0.1:1700]
 *   [--link udp|mqtt|mixed [--mqtt mqtt://127.0.0.1:1883]]
 * Prints one line per event and a summary on exit (Ctrl-C, --duration or --uplinks).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LINK_MODES, type LinkMode } from './agents';
import { formatEvent, formatSummary } from './format';
import type { ProductType } from './protocols';
import { offlineSpec, type SimulationHandle, startSimulation } from './sim';

const HELP = `Simulated gateways and devices speaking Semtech UDP and LoRaWAN to the server.

  --gateways N          gateways (default 1)
  --devices M           devices, half OTAA half ABP (default 1)
  --interval S          seconds between uplinks of one device (default 10)
  --url URL             server API (default http://127.0.0.1:8080)
  --user NAME           sign in as (default admin; the server needs LOGIN_CAPTCHA=false)
                        password: $LNS_PASSWORD, else the generated one in the server's data dir
  --data-dir DIR        the server's DATA_DIR, read for initial-admin-password (default ./data)
  --token TOKEN         an API token instead of user/password (default $LNS_TOKEN)
  --udp HOST:PORT       the server's UDP bridge (default 127.0.0.1:1700)
  --link udp|mqtt|mixed how the gateways reach the server (default udp): mqtt gives each gateway its own
                        gateway agent (in this process), which takes its Semtech UDP and connects to the
                        server's MQTT broker with the gateway's credentials; mixed: half on each link
  --mqtt URL            the broker for --link mqtt/mixed (default the address the server gives with the
                        gateway's MQTT credentials: MQTT_PUBLIC_URL, MQTT_URL or its host and MQTT_PORT)
  --app NAME            application to create or reuse (default simulator)
  --region ID           region (default eu868); --subnet ID its channel plan (e.g. us915 us915-1); the devices
                        follow the channel masks the server sends (LinkADRReq, NewChannelReq) and print
                        "cutover <DevEUI> channels <indexes>" when theirs changes
  --uplinks K           stop after K uplinks per device
  --duration S          stop after S seconds
  --confirmed SHARE     share of confirmed uplinks, 0..1 (default 0.2)
  --otaa SHARE          share of OTAA devices, 0..1 (default 0.5)
  --prefix HEX4         first 4 hex digits of every EUI (default 5e1a)
  --gen-app-key HEX32   take part in multicast groups with this GenAppKey: answer TS005 remote setup
                        on port 200, receive the groups' frames (default $LNS_GEN_APP_KEY; none: no multicast),
                        take part in FUOTA (TS004 on port 201): rebuild the image, print its SHA-256
  --loss SHARE          FUOTA: share of data fragments each device drops, 0..1 (default 0)
  --offline K@A[-B]     the last K devices go offline A seconds after the start and come back at B (none:
                        never): they send nothing and hear nothing
  --deaf K@A[-B]        the first K devices miss every downlink from A to B seconds (their uplinks still go
                        out, so the server keeps asking them)
  --relay K             the first device is a LoRaWAN Relay TS011 relay for the last K devices, which no
                        gateway hears: it forwards their frames on FPort 226 and hands them their downlinks
  --ladtp K             the first K devices (after the relay) are rhf3m485 RS485 forward units: they answer
                        their configuration and status requests and send heartbeats (docs/protocols/rhf3m485.md)
  --spread-sources      each UDP gateway sends from its own loopback address (127.0.1.1, …), so a load
                        balancer hashing by source address spreads them (npm run cluster)
  --quiet               summary only
`;

function number(name: string, v: string | undefined, def: number, min: number, max: number): number {
  if (v === undefined) return def;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`--${name} must be a number from ${min} to ${max}`);
  return n;
}

/**
 * Never a command-line argument (the shell history, npm and `ps` would show it): the environment,
 * else, for admin, the password the server generated on its first start.
 */
function passwordFor(user: string, dataDir: string): string | undefined {
  if (process.env.LNS_PASSWORD) return process.env.LNS_PASSWORD;
  if (user !== 'admin') return undefined;
  try {
    // npm runs the script inside the workspace; a relative --data-dir means where the user typed it.
    const base = process.env.INIT_CWD ?? process.cwd();
    return readFileSync(path.resolve(base, dataDir, 'initial-admin-password'), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Device i's product type: the relay (rhf3mr01) first, then `ladtps` rhf3m485, the rest lorawan. */
function productTypes(relay: boolean, ladtps: number): ProductType[] {
  const first: ProductType[] = relay ? ['rhf3mr01'] : [];
  return [...first, ...Array.from({ length: ladtps }, (): ProductType => 'rhf3m485')];
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      gateways: { type: 'string' },
      devices: { type: 'string' },
      interval: { type: 'string' },
      url: { type: 'string', default: 'http://127.0.0.1:8080' },
      user: { type: 'string', default: 'admin' },
      'data-dir': { type: 'string', default: 'data' },
      token: { type: 'string' },
      udp: { type: 'string', default: '127.0.0.1:1700' },
      link: { type: 'string', default: 'udp' },
      mqtt: { type: 'string' },
      app: { type: 'string', default: 'simulator' },
      region: { type: 'string', default: 'eu868' },
      subnet: { type: 'string' },
      uplinks: { type: 'string' },
      duration: { type: 'string' },
      confirmed: { type: 'string' },
      otaa: { type: 'string' },
      prefix: { type: 'string', default: '5e1a' },
      'gen-app-key': { type: 'string' },
      loss: { type: 'string' },
      offline: { type: 'string' },
      deaf: { type: 'string' },
      relay: { type: 'string' },
      ladtp: { type: 'string' },
      'spread-sources': { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const gateways = number('gateways', values.gateways, 1, 1, 1000);
  const devices = number('devices', values.devices, 1, 0, 100_000);
  const uplinks = values.uplinks === undefined ? undefined : number('uplinks', values.uplinks, 1, 1, 1e9);
  const duration = values.duration === undefined ? undefined : number('duration', values.duration, 0, 1, 1e9);
  const genAppKey = (values['gen-app-key'] ?? process.env.LNS_GEN_APP_KEY)?.replace(/[\s:-]/g, '').toLowerCase();
  if (genAppKey !== undefined && !/^[0-9a-f]{32}$/.test(genAppKey)) {
    process.stderr.write('error: --gen-app-key must be 32 hex digits\n');
    process.exit(2);
  }
  const link = values.link as LinkMode;
  if (!LINK_MODES.includes(link)) {
    process.stderr.write(`error: --link must be one of ${LINK_MODES.join(', ')}\n`);
    process.exit(2);
  }
  if (values.mqtt !== undefined && !/^(mqtts?|wss?):\/\/[^/]+/.test(values.mqtt)) {
    process.stderr.write('error: --mqtt must be a URL like mqtt://127.0.0.1:1883\n');
    process.exit(2);
  }
  const offline = [
    ...(values.offline ? [offlineSpec('offline', 'silent', values.offline)] : []),
    ...(values.deaf ? [offlineSpec('deaf', 'deaf', values.deaf)] : []),
  ];
  const started = Date.now();
  let sim: SimulationHandle;
  try {
    sim = await startSimulation({
      url: values.url!,
      token: values.token ?? process.env.LNS_TOKEN,
      user: values.user,
      password: passwordFor(values.user!, values['data-dir']!),
      udp: values.udp!,
      link,
      mqtt: values.mqtt,
      spreadSources: values['spread-sources'],
      app: values.app!,
      gateways,
      devices,
      interval: number('interval', values.interval, 10, 0.1, 86_400),
      region: values.region,
      subnet: values.subnet,
      uplinks,
      confirmedShare: number('confirmed', values.confirmed, 0.2, 0, 1),
      otaaShare: number('otaa', values.otaa, 0.5, 0, 1),
      prefix: values.prefix,
      genAppKey,
      loss: number('loss', values.loss, 0, 0, 1),
      offline,
      ...(values.relay !== undefined ? { relay: { slaves: number('relay', values.relay, 0, 1, 100_000) } } : {}),
      productTypes: productTypes(values.relay !== undefined, number('ladtp', values.ladtp, 0, 0, 100_000)),
      onEvent: (e) => {
        if (!values.quiet || e.type === 'provisioned' || e.type === 'error')
          process.stdout.write(`${formatEvent(e)}\n`);
      },
    });
  } catch (err) {
    process.stderr.write(`error: ${(err as Error).message}\n`);
    return 1;
  }
  const finish = async () => {
    const c = await sim.stop();
    process.stdout.write(`${formatSummary(c, (Date.now() - started) / 1000, devices, gateways, sim.links)}\n`);
    return c.errors > 0 || c.joinFailures > 0 ? 1 : 0;
  };
  return new Promise<number>((resolve) => {
    let ending = false;
    const end = () => {
      if (ending) return;
      ending = true;
      void finish().then(resolve);
    };
    process.once('SIGINT', end);
    process.once('SIGTERM', end);
    if (duration !== undefined) setTimeout(end, duration * 1000);
    if (uplinks !== undefined) void sim.done.then(end);
  });
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`error: ${(err as Error).message}\n`);
    process.exit(1);
  },
);
