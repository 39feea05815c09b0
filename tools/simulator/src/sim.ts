/**
 * The simulator as a library: `startSimulation` provisions gateways and devices through the API,
 * then runs them over Semtech UDP, straight to the server's UDP bridge or through a gateway agent
 * per gateway to its MQTT broker (`link`). The CLI (cli.ts), tests and e2e journeys drive it.
 */
import { TS003_PORT, ts003 } from '@lns/lorawan/applayer/ts003';
import { TS004_PORT, ts004 } from '@lns/lorawan/applayer/ts004';
import { TS005_PORT, type Ts005Command, ts005 } from '@lns/lorawan/applayer/ts005';
import { prng } from '@lns/lorawan/prng';
import type { Rxpk, Txpk } from '@lns/semtech-udp/packets';
import { type LinkMode, linkOf, linkText, SimAgents, type SimLinks } from './agents';
import { ChannelMask, channelRanges } from './channels';
import { ClockClient, clockLine } from './clock';
import { SimDevice } from './device';
import { FragmentationClient, incompleteLine, rebuiltLine } from './fuota';
import { SimGateway } from './gateway';
import { LadtpDevice } from './ladtp-device';
import { MulticastClient } from './multicast';
import { answersTo, messageName, type ProductType, payloadSize, protocolOf } from './protocols';
import { type Provisioned, pool, provision } from './provision';
import { devicePosition, distanceKm, fitSf, gatewayPosition, hearsDownlink, pickSf, radioPlan, receive } from './radio';
import { SimRelay } from './relay';

/** How a device is offline: `silent` sends and hears nothing, `deaf` still sends but misses its downlinks. */
export type OfflineMode = 'silent' | 'deaf';

/** Devices taken offline for a while: `devices` of them (silent: the last ones, deaf: the first ones). */
export interface OfflineSpec {
  mode: OfflineMode;
  devices: number;
  /** Seconds after the start; back at `toS` (absent: offline until the end). */
  fromS: number;
  toS?: number;
}

/** `K@A-B` or `K@A`: K devices offline from A to B seconds after the start. */
export function offlineSpec(name: string, mode: OfflineMode, v: string): OfflineSpec {
  const m = /^(\d+)@(\d+(?:\.\d+)?)(?:-(\d+(?:\.\d+)?))?$/.exec(v.trim());
  if (!m || (m[3] !== undefined && Number(m[3]) <= Number(m[2])))
    throw new Error(`--${name} must be K@FROM-TO (devices, seconds), e.g. 1@30-90`);
  return { mode, devices: Number(m[1]), fromS: Number(m[2]), ...(m[3] !== undefined ? { toS: Number(m[3]) } : {}) };
}

export interface SimulationOptions {
  /** Server API, e.g. http://127.0.0.1:8080. */
  url: string;
  /** An API token; otherwise user/password sign in (needs LOGIN_CAPTCHA=false on the server). */
  token?: string;
  user?: string;
  password?: string;
  /** The server's UDP bridge, host:port. */
  udp: string;
  /**
   * How the gateways reach the server (default udp): `mqtt` runs a gateway agent per gateway,
   * in-process, which its forwarder's UDP goes to and which connects to the MQTT broker with the
   * gateway's credentials; `mixed` puts every other gateway (from the second) on MQTT.
   */
  link?: LinkMode;
  /** The broker for `link` mqtt: default the address the server gives with the gateway's MQTT credentials. */
  mqtt?: string;
  /**
   * Each UDP gateway sends from its own loopback address (127.0.1.1, 127.0.1.2, …), as real
   * gateways come from their own: a load balancer hashing by source address spreads them.
   */
  spreadSources?: boolean;
  /** Application name (created when missing). */
  app: string;
  gateways: number;
  devices: number;
  /** Seconds between uplinks of one device (±10 % jitter). */
  interval: number;
  region?: string;
  subnet?: string;
  /** Share of OTAA devices (default 0.5); the others are ABP. */
  otaaShare?: number;
  /** Share of uplinks sent confirmed (default 0.2). */
  confirmedShare?: number;
  /** Uplinks per device, then the device stops and `done` resolves when all have; unlimited when absent. */
  uplinks?: number;
  /** 4 hex digits starting every EUI (default 5e1a). */
  prefix?: string;
  seed?: number;
  /** Join-accept wait before a retry (default 8 s) and join tries (default 5). */
  joinTimeoutMs?: number;
  joinAttempts?: number;
  keepaliveMs?: number;
  statMs?: number;
  onEvent?: (e: SimEvent) => void;
  /** The GenAppKey of the multicast groups the devices take part in (TS005 remote setup); none: no multicast. */
  genAppKey?: string;
  /** FUOTA: share of DataFragments each device drops, 0..1 (default 0; seeded, per device). */
  loss?: number;
  /** FUOTA: multiplies the TS004 status answer delay (default 1; tests shorten it). */
  fuotaDelayScale?: number;
  /** Devices taken offline for a while (the handle's `setOffline` does it at any time). */
  offline?: OfflineSpec[];
  /**
   * A LoRaWAN Relay TS011 relay (relay.ts): the first device relays for the last `slaves` devices,
   * which no gateway hears. Unless `productTypes` says otherwise, it is an rhf3mr01.
   */
  relay?: { slaves: number };
  /** Device i's product type (absent: lorawan): relays (rhf3mr01) and ladtps (rhf3m485) answer their protocols. */
  productTypes?: ProductType[];
  /** How long a ladtp's heartbeat minute lasts, ms (default 60000; tests shorten it). */
  minuteMs?: number;
}

export type SimEventType =
  | 'provisioned'
  | 'join-request'
  | 'join-accept'
  | 'join-failed'
  | 'uplink'
  | 'downlink'
  | 'tx-ack'
  | 'multicast'
  | 'fuota'
  | 'cutover'
  | 'offline'
  | 'agent'
  | 'relay'
  | 'management'
  | 'error';

export interface SimEvent {
  at: number;
  type: SimEventType;
  devEUI?: string;
  gwID?: string;
  text: string;
}

export interface SimCounters {
  joinRequests: number;
  joins: number;
  joinFailures: number;
  uplinks: number;
  confirmedUplinks: number;
  /** Gateway receptions forwarded (one uplink heard by 3 gateways counts 3). */
  receptions: number;
  /** Confirmed uplinks the server acknowledged. */
  uplinksAcked: number;
  downlinks: number;
  confirmedDownlinks: number;
  /** Confirmed downlinks acknowledged in a following uplink. */
  downlinkAcksSent: number;
  txAcks: number;
  pushAcks: number;
  /** Downlinks no simulated device could open. */
  unmatchedDownlinks: number;
  /** Downlinks (and group frames) for a device that was offline, lost. */
  downlinksMissed: number;
  /** TS005 answers sent (setup, session, delete, ...). */
  ts005Answers: number;
  /** Multicast frames taken by a device, and copies of one it already had (sent by another gateway). */
  multicastFrames: number;
  multicastDuplicates: number;
  /** Group frames a device heard but dropped: outside its session's channel or time, or a FCnt out of range. */
  multicastIgnored: number;
  /** Copies of a group frame a member did not hear (too far from the gateway that sent it). */
  multicastOutOfRange: number;
  /** FUOTA (TS004): DataFragments taken, and dropped by `loss`. */
  fuotaFragments: number;
  fuotaFragmentsLost: number;
  /** Images rebuilt (whatever their descriptor), and status answers that had fragments missing. */
  fuotaImagesRebuilt: number;
  fuotaIncomplete: number;
  /** End-device frames a relay forwarded, and downlinks it handed to an end-device. */
  relayedUplinks: number;
  relayedDownlinks: number;
  errors: number;
}

export interface SimulationHandle {
  appID: number;
  provisioned: Provisioned;
  gateways: SimGateway[];
  links: SimLinks;
  devices: SimDevice[];
  counters: SimCounters;
  /** Resolves when every device has sent `uplinks` uplinks (or given up joining). */
  done: Promise<SimCounters>;
  /** Takes a device offline (`silent`, `deaf`) or, with null, back online. */
  setOffline(devEUI: string, mode: OfflineMode | null): void;
  /** Waits until `pred(counters)` holds; rejects after `timeoutMs`. */
  waitFor(pred: (c: SimCounters) => boolean, timeoutMs?: number): Promise<SimCounters>;
  /** A ladtp reads this frame off its RS485 bus and sends it up; returns the uplinks it takes. */
  rs485(devEUI: string, frame: Buffer): number;
  stop(): Promise<SimCounters>;
}

const newCounters = (): SimCounters => ({
  joinRequests: 0,
  joins: 0,
  joinFailures: 0,
  uplinks: 0,
  confirmedUplinks: 0,
  receptions: 0,
  uplinksAcked: 0,
  downlinks: 0,
  confirmedDownlinks: 0,
  downlinkAcksSent: 0,
  txAcks: 0,
  pushAcks: 0,
  unmatchedDownlinks: 0,
  downlinksMissed: 0,
  ts005Answers: 0,
  multicastFrames: 0,
  multicastDuplicates: 0,
  multicastIgnored: 0,
  multicastOutOfRange: 0,
  fuotaFragments: 0,
  fuotaFragmentsLost: 0,
  fuotaImagesRebuilt: 0,
  fuotaIncomplete: 0,
  relayedUplinks: 0,
  relayedDownlinks: 0,
  errors: 0,
});

function parseHostPort(s: string): { host: string; port: number } {
  const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(s.trim());
  if (!m) throw new Error(`--udp must be host:port, got "${s}"`);
  return { host: m[1]!, port: Number(m[2]) };
}

export async function startSimulation(o: SimulationOptions): Promise<SimulationHandle> {
  const region = o.region ?? 'eu868';
  const plan = radioPlan(region, o.subnet);
  const subnet = o.subnet ?? plan.region.subnets[0]?.id ?? '';
  const prefix = (o.prefix ?? '5e1a').toLowerCase();
  if (!/^[0-9a-f]{4}$/.test(prefix)) throw new Error(`prefix must be 4 hex digits, got "${o.prefix}"`);
  const server = parseHostPort(o.udp);
  const seed = o.seed ?? Number.parseInt(prefix, 16);
  const rand = prng(seed);
  const counters = newCounters();
  const emit = (type: SimEventType, text: string, ids: { devEUI?: string; gwID?: string } = {}) =>
    o.onEvent?.({ at: Date.now(), type, text, ...ids });

  const mode = o.link ?? 'udp';
  const links = Array.from({ length: o.gateways }, (_, i) => linkOf(mode, i));
  const p = await provision({
    url: o.url,
    token: o.token,
    user: o.user,
    password: o.password,
    app: o.app,
    gateways: o.gateways,
    devices: o.devices,
    region,
    subnet,
    prefix,
    otaaShare: o.otaaShare ?? 0.5,
    // The relay of a simulation is one of ours: it also answers the rhf3mr01 protocol.
    productTypes: o.productTypes ?? (o.relay ? ['rhf3mr01'] : undefined),
    links,
  });

  const onMqtt = p.gwIDs.filter((_, i) => links[i] === 'mqtt');
  const simLinks: SimLinks = {
    mode,
    udp: p.gwIDs.length - onMqtt.length,
    mqtt: onMqtt.length,
    ...(onMqtt.length ? { broker: o.mqtt ?? p.mqtt[onMqtt[0]!]!.url } : {}),
  };
  emit(
    'provisioned',
    `application "${o.app}" (appID ${p.appID}${p.created.app ? ', created' : ''}), ${p.gwIDs.length} gateways (${p.created.gateways} created), ${p.devices.length} devices (${p.created.devices} created), link ${linkText(simLinks)}`,
  );

  let stopped = false;
  // The gateways on MQTT: an agent each, connected before their forwarders start.
  const agents = new SimAgents();
  try {
    await pool(onMqtt, 16, (gwID) =>
      agents.start(gwID, p.mqtt[gwID]!, o.mqtt, (level, msg) => {
        if (level === 'error') {
          counters.errors++;
          emit('error', `gateway ${gwID} agent: ${msg}`, { gwID });
        } else if (!stopped || level !== 'info') emit('agent', `gateway ${gwID}: ${msg}`, { gwID });
      }),
    );
  } catch (err) {
    await agents.stop();
    throw err;
  }

  const onDownlink = (gw: SimGateway, txpk: Txpk, phy: Buffer) => {
    counters.txAcks++;
    emit('tx-ack', `gateway ${gw.gwID} sent a downlink (${phy.length} bytes), TX_ACK NONE`, { gwID: gw.gwID });
    deliver(gw, phy, txpk);
  };
  const onError = (gw: SimGateway, message: string) => {
    counters.errors++;
    emit('error', `gateway ${gw.gwID}: ${message}`, { gwID: gw.gwID });
  };
  const gateways = p.gwIDs.map((id, i) => {
    const agent = agents.of(id);
    const to = agent?.udp ?? server;
    const from = o.spreadSources && !agent ? sourceAddress(i) : undefined;
    return new SimGateway(
      id,
      gatewayPosition(i, p.gwIDs.length),
      to,
      onDownlink,
      onError,
      agent ? 'mqtt' : 'udp',
      from,
    );
  });
  const devices = p.devices.map((spec) => {
    const pos = devicePosition(rand);
    const best = Math.min(...gateways.map((g) => distanceKm(g.pos, pos)));
    const dev = new SimDevice(spec, pos, fitSf(plan, pickSf(best)), plan.sfOf);
    dev.channels = new ChannelMask(plan.region, plan.channels);
    dev.protocol = protocolOf(spec.productType);
    if (o.genAppKey) {
      dev.multicast = new MulticastClient(o.genAppKey, plan.region, [...plan.join, ...plan.data]);
      // Each device draws its own losses: the same seed drops the same fragments of the same device.
      const devRand = prng((Math.imul(seed, 0x9e3779b1) ^ Number.parseInt(spec.devEUI.slice(-8), 16)) >>> 0);
      dev.fuota = new FragmentationClient({ loss: o.loss ?? 0, rand: devRand, delayScale: o.fuotaDelayScale });
      dev.clock = new ClockClient();
    }
    return dev;
  });

  const slaves = o.relay ? Math.min(o.relay.slaves, devices.length - 1) : 0;
  const relay = slaves > 0 ? new SimRelay(devices[0]!, devices.slice(devices.length - slaves)) : undefined;

  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      if (!stopped) fn();
    }, ms);
    timers.add(t);
  };
  const target = o.uplinks ?? Number.POSITIVE_INFINITY;
  let finished = 0;
  let resolveDone!: (c: SimCounters) => void;
  const done = new Promise<SimCounters>((r) => (resolveDone = r));
  const deviceFinished = () => {
    if (++finished === devices.length) resolveDone(counters);
  };

  /** Send a PHYPayload from a device through the gateways in range. */
  function transmit(dev: SimDevice, phy: Buffer, join: boolean) {
    const sf = join ? Math.max(dev.sf, 10) : dev.sf; // joins go out slower, as devices do
    // Data uplinks follow the device's channel mask (LinkADRReq), among the channels allowing its rate.
    const channels = join ? plan.join : (dev.channels?.usable(plan.drOf(sf)) ?? plan.data);
    const ch = channels[Math.floor(rand() * channels.length)]!;
    if (relay?.hears(dev)) return throughRelay(relay, dev, phy, sf, ch.frequency);
    const dists = gateways.map((g) => distanceKm(g.pos, dev.pos));
    const nearest = dists.indexOf(Math.min(...dists));
    const heard: string[] = [];
    gateways.forEach((gw, i) => {
      const r = receive(rand, dists[i]!, sf, i === nearest, join ? 0 : dev.txPower);
      if (!r) return;
      const rxpk: Rxpk = {
        tmst: gw.tmst,
        time: new Date().toISOString(),
        chan: ch.index % 8,
        rfch: 0,
        freq: ch.frequency / 1e6,
        stat: 1,
        modu: 'LORA',
        datr: `SF${sf}BW125`,
        codr: '4/5',
        rssi: r.rssi,
        lsnr: r.snr,
        size: phy.length,
        data: phy.toString('base64'),
      };
      gw.uplink(rxpk);
      counters.receptions++;
      heard.push(`${gw.gwID} ${r.rssi}/${r.snr}`);
    });
    return `SF${sf} ${(ch.frequency / 1e6).toFixed(1)} MHz, ${heard.length} gateway${heard.length === 1 ? '' : 's'}: ${heard.join(', ')}`;
  }

  /** A relay 500 m away hears the end-device and forwards its frame in an uplink of its own. */
  function throughRelay(r: SimRelay, dev: SimDevice, phy: Buffer, sf: number, freqHz: number): string {
    const heard = receive(rand, 0.5, sf, true, dev.txPower)!;
    const up = r.forward(phy, { dr: plan.drOf(sf) ?? 0, freqHz, ...heard });
    if (!up) return `relay ${r.dev.devEUI} has no session yet: lost`;
    counters.relayedUplinks++;
    const radio = transmit(r.dev, up.phy, false);
    emit('relay', `${r.dev.devEUI} fCnt ${up.fCnt} port 226 forwards ${dev.devEUI} (${radio})`, { devEUI: dev.devEUI });
    return `through relay ${r.dev.devEUI} ${heard.rssi}/${heard.snr}`;
  }

  const jitter = (s: number) => s * 1000 * (0.9 + rand() * 0.2);
  const joinTimeout = o.joinTimeoutMs ?? 8000;
  const maxJoins = o.joinAttempts ?? 5;
  const readings = new Map<string, number>();
  const gaussStep = () => rand() * 2 - 1;

  function tick(dev: SimDevice) {
    if (dev.offline === 'silent') {
      // Switched off or out of range: nothing goes out; it resumes where it was once back.
      later(jitter(Math.max(o.interval, 1)), () => tick(dev));
      return;
    }
    if (!dev.joined) {
      if (dev.joinAttempts >= maxJoins) {
        counters.joinFailures++;
        emit('join-failed', `${dev.devEUI} gave up after ${maxJoins} join requests`, { devEUI: dev.devEUI });
        dev.joining = undefined;
        deviceFinished();
        return;
      }
      const phy = dev.joinRequest();
      counters.joinRequests++;
      const radio = transmit(dev, phy, true);
      emit('join-request', `${dev.devEUI} devNonce ${dev.joining!.devNonce} (${radio})`, { devEUI: dev.devEUI });
      later(joinTimeout * (1 + rand() * 0.2), () => {
        if (!dev.joined) tick(dev);
      });
      return;
    }
    const confirmed = rand() < (o.confirmedShare ?? 0.2);
    // A temperature (0.1 °C, drifting), humidity and battery reading.
    const temp = (readings.get(dev.devEUI) ?? 200 + Math.floor(rand() * 60)) + Math.round(gaussStep() * 3);
    readings.set(dev.devEUI, temp);
    const payload = Buffer.alloc(4);
    payload.writeInt16BE(temp, 0);
    payload[2] = 40 + Math.floor(rand() * 40);
    payload[3] = 90 + Math.floor(rand() * 10);
    const ackPending = dev.pendingAck;
    const up = dev.dataUplink(2, payload, confirmed);
    counters.uplinks++;
    if (confirmed) counters.confirmedUplinks++;
    if (ackPending) counters.downlinkAcksSent++;
    const radio = transmit(dev, up.phy, false);
    emit(
      'uplink',
      `${dev.devEUI} fCnt ${up.fCnt} port 2 ${payload.toString('hex')}${confirmed ? ' confirmed' : ''}${up.ack ? ' ACK' : ''} (${radio})`,
      { devEUI: dev.devEUI },
    );
    if (dev.uplinks >= target) {
      // Leave time for the answer to a confirmed uplink before counting the device done.
      later(confirmed || dev.pendingAck ? 3000 : 0, deviceFinished);
      return;
    }
    later(jitter(o.interval), () => tick(dev));
  }
  /** An application-layer uplink of its own (answers, AppTimeReq), outside the regular period. */
  function sendAppLayer(dev: SimDevice, type: SimEventType, fPort: number, payload: Buffer, names: string[]) {
    const up = dev.dataUplink(fPort, payload, false);
    counters.uplinks++;
    const radio = transmit(dev, up.phy, false);
    emit(type, `${dev.devEUI} fCnt ${up.fCnt} port ${fPort} ${names.join(',')} (${radio})`, { devEUI: dev.devEUI });
  }
  /** Answers go out soon: "a second or so later". */
  const answerDelay = () => 800 + rand() * 700;

  /** A relay's or ladtp's uplinks on its protocol's port (answers, DataParts), a second apart in order. */
  function sendProtocol(dev: SimDevice, payloads: Buffer[]) {
    const p = dev.protocol!;
    const first = answerDelay();
    for (const [i, b] of payloads.entries())
      later(first + i * 1000, () => sendAppLayer(dev, 'management', p.port, b, [messageName(p, b)]));
  }
  const payloadOf = (dev: SimDevice) => payloadSize(plan.region.id, plan.drOf(dev.sf));
  /** A ladtp's heartbeat every `period` minutes of its configuration. */
  function heartbeat(dev: SimDevice) {
    const p = dev.protocol;
    if (!(p instanceof LadtpDevice)) return;
    later(p.config.period * (o.minuteMs ?? 60_000), () => {
      if (dev.joined && dev.offline !== 'silent') sendAppLayer(dev, 'management', p.port, p.heartbeat(), ['Heartbeat']);
      heartbeat(dev);
    });
  }

  /** TS005 answers go out soon in an uplink of their own (FPort 200); a session joined asks the time once. */
  function answerTs005(dev: SimDevice, answers: Ts005Command[]) {
    later(answerDelay(), () => {
      counters.ts005Answers += answers.length;
      sendAppLayer(
        dev,
        'multicast',
        TS005_PORT,
        ts005.encodeAll(answers),
        answers.map((a) => a.type),
      );
    });
    const joined = answers.some(
      (a) => (a.type === 'McClassCSessionAns' || a.type === 'McClassBSessionAns') && a.timeToStart !== null,
    );
    const clock = dev.clock;
    if (joined && clock && !clock.asked) {
      clock.asked = true;
      later(answerDelay() + 2000, () =>
        sendAppLayer(dev, 'fuota', TS003_PORT, ts003.encode(clock.request()), ['AppTimeReq']),
      );
    }
  }

  /** Unicast TS004 (setup, delete, version) and TS003 (AppTimeAns) downlinks of a device. */
  function handleFuotaDownlink(dev: SimDevice, fPort: number | null, payload: Buffer) {
    if (fPort === TS004_PORT && dev.fuota) {
      const answers = dev.fuota.handle(payload);
      if (answers.length)
        later(answerDelay(), () =>
          sendAppLayer(
            dev,
            'fuota',
            TS004_PORT,
            ts004.encodeAll(answers),
            answers.map((a) => a.type),
          ),
        );
    } else if (fPort === TS003_PORT && dev.clock) {
      const r = dev.clock.handle(payload);
      for (const c of r.corrections) emit('fuota', clockLine(dev.devEUI, c), { devEUI: dev.devEUI });
      if (r.answers.length)
        later(answerDelay(), () =>
          sendAppLayer(
            dev,
            'fuota',
            TS003_PORT,
            ts003.encodeAll(r.answers),
            r.answers.map((a) => a.type),
          ),
        );
    }
  }

  /**
   * The FPort 201 payload of a multicast frame a device took: fragments to its decoder, the image
   * once rebuilt, a status request answered after its TS004 delay. Returns what the frame carried
   * and the lines to print after the frame's own.
   */
  function takeFuotaFrame(dev: SimDevice, fuota: FragmentationClient, payload: Buffer, mcGroupId: number) {
    const ids = { devEUI: dev.devEUI };
    const lines: string[] = [];
    const what: string[] = [];
    for (const e of fuota.receive(payload, mcGroupId)) {
      if (e.kind === 'fragment') {
        counters.fuotaFragments++;
        what.push(`DataFragment ${e.n}`);
      } else if (e.kind === 'lost') {
        counters.fuotaFragmentsLost++;
        what.push(`DataFragment ${e.n} dropped (loss)`);
      } else if (e.kind === 'ignored') {
        what.push(`DataFragment ${e.n} ignored (no matching session)`);
      } else if (e.kind === 'rebuilt') {
        counters.fuotaImagesRebuilt++;
        lines.push(rebuiltLine(dev.devEUI, e.image));
      } else {
        what.push(`FragSessionStatusReq (answer in ${(e.delayMs / 1000).toFixed(1)} s)`);
        later(e.delayMs, () => {
          const s = fuota.statusAnswer(e.fragIndex);
          if (!s) return;
          if (s.missing > 0) {
            counters.fuotaIncomplete++;
            emit('fuota', incompleteLine(dev.devEUI, s.missing), ids);
          }
          sendAppLayer(dev, 'fuota', TS004_PORT, ts004.encode(s.answer), [s.answer.type]);
        });
      }
    }
    return { what: what.join(', ') || payload.toString('hex'), lines };
  }

  /**
   * A frame to a multicast address: each member in range of the gateway hears it and takes it
   * once; the copy another gateway sends is counted as a duplicate. False: no device has the group.
   */
  function deliverMulticast(gw: SimGateway, phy: Buffer, txpk: Txpk): boolean {
    const mcAddr = Buffer.from(phy.subarray(1, 5)).reverse().toString('hex');
    const tx = { freqMHz: txpk.freq, datr: txpk.datr, imme: txpk.imme, tmms: txpk.tmms };
    let known = false;
    for (const dev of devices) {
      if (!dev.multicast?.hasGroupAddr(mcAddr)) continue;
      if (dev.offline) {
        known = true;
        counters.downlinksMissed++;
        continue;
      }
      if (!hearsDownlink(distanceKm(gw.pos, dev.pos), txpk.datr, txpk.powe)) {
        known = true;
        counters.multicastOutOfRange++;
        continue;
      }
      const r = dev.multicast.receive(phy, tx);
      if (!r) continue;
      known = true;
      const ids = { devEUI: dev.devEUI, gwID: gw.gwID };
      if (r.kind === 'duplicate') counters.multicastDuplicates++;
      else if (r.kind === 'frame') {
        counters.multicastFrames++;
        // FUOTA frames are told by what they carry: fragments in hex would flood the output.
        const fuota = r.fPort === TS004_PORT ? dev.fuota : undefined;
        const took = fuota
          ? takeFuotaFrame(dev, fuota, Buffer.from(r.payload, 'hex'), r.groupId)
          : { what: r.payload, lines: [] };
        emit(
          'multicast',
          `${dev.devEUI} multicast ${r.mcAddr} fcnt ${r.fCnt} port ${r.fPort}: ${took.what} (via ${gw.gwID})`,
          ids,
        );
        for (const line of took.lines) emit('fuota', line, { devEUI: dev.devEUI });
      } else {
        counters.multicastIgnored++;
        const why = r.kind === 'bad-fcnt' ? 'FCnt out of range or old' : 'not listening (outside its session)';
        emit('multicast', `${dev.devEUI} ignored multicast ${r.mcAddr} fcnt ${r.fCnt}: ${why} (via ${gw.gwID})`, ids);
      }
    }
    return known;
  }

  /** A downlink for an offline device is lost; true when `dev` was offline. */
  function missed(dev: SimDevice, gw: SimGateway): boolean {
    if (!dev.offline) return false;
    counters.downlinksMissed++;
    emit('downlink', `${dev.devEUI} missed a downlink: offline (${dev.offline}) (via ${gw.gwID})`, {
      devEUI: dev.devEUI,
      gwID: gw.gwID,
    });
    return true;
  }

  function deliver(gw: SimGateway, phy: Buffer, txpk: Txpk) {
    const inner = relay?.takeDownlink(phy);
    if (inner) {
      counters.relayedDownlinks++;
      emit('relay', `${relay!.dev.devEUI} hands a downlink (${inner.length} bytes) to its end-device`, {
        gwID: gw.gwID,
      });
      deliver(gw, inner, txpk);
      return;
    }
    const mType = phy[0]! >> 5;
    if (mType === 1) {
      for (const dev of devices) {
        if (dev.offline && dev.ownsJoinAccept(phy)) {
          missed(dev, gw);
          return;
        }
        const r = dev.tryJoinAccept(phy);
        if (r?.kind !== 'join-accept') continue;
        counters.joins++;
        emit('join-accept', `${dev.devEUI} joined, devAddr ${r.devAddr} (via ${gw.gwID})`, {
          devEUI: dev.devEUI,
          gwID: gw.gwID,
        });
        later(500 + rand() * 1000, () => tick(dev));
        return;
      }
    } else if (mType === 3 || mType === 5) {
      const devAddr = phy.length >= 5 ? Buffer.from(phy.subarray(1, 5)).reverse().toString('hex') : '';
      for (const dev of devices) {
        if (dev.session?.devAddr !== devAddr) continue;
        if (missed(dev, gw)) return;
        const wasAwaiting = dev.awaitingAck;
        const r = dev.tryData(phy);
        if (r?.kind !== 'data') continue;
        counters.downlinks++;
        if (r.confirmed) counters.confirmedDownlinks++;
        if (r.ack && wasAwaiting) counters.uplinksAcked++;
        const parts = [
          `${dev.devEUI} fCnt ${r.fCnt}`,
          r.fPort !== null && r.fPort > 0 ? `port ${r.fPort} ${r.payload}` : '',
          r.confirmed ? 'confirmed (ACK in the next uplink)' : '',
          r.ack ? 'ACK' : '',
          r.macCommands.length ? `MAC ${r.macCommands.join(',')}` : '',
          `(via ${gw.gwID}, ${txpk.freq.toFixed(1)} MHz)`,
        ];
        emit('downlink', parts.filter(Boolean).join(' '), { devEUI: dev.devEUI, gwID: gw.gwID });
        if (r.channels)
          emit('cutover', `cutover ${dev.devEUI} channels ${channelRanges(r.channels)}`, { devEUI: dev.devEUI });
        if (dev.protocol && r.fPort === dev.protocol.port) {
          const out = answersTo(dev.protocol, Buffer.from(r.payload, 'hex'), payloadOf(dev));
          if (out.length) sendProtocol(dev, out);
        } else if (r.fPort === TS005_PORT && dev.multicast) {
          const answers = dev.multicast.handle(Buffer.from(r.payload, 'hex'));
          if (answers.length) answerTs005(dev, answers);
        } else handleFuotaDownlink(dev, r.fPort, Buffer.from(r.payload, 'hex'));
        return;
      }
      if (mType === 3 && deliverMulticast(gw, phy, txpk)) return;
    }
    counters.unmatchedDownlinks++;
    emit('error', `a downlink via ${gw.gwID} matched no simulated device`, { gwID: gw.gwID });
  }

  for (const gw of gateways) {
    await gw.start(o.keepaliveMs ?? 5000, o.statMs ?? 30_000);
  }
  // Let the PULL_DATA reach the server before anything needs a downlink path.
  await new Promise((r) => setTimeout(r, 200));
  const setOffline = (devEUI: string, mode: OfflineMode | null) => {
    const dev = devices.find((d) => d.devEUI === devEUI);
    if (!dev) throw new Error(`no simulated device ${devEUI}`);
    dev.offline = mode ?? undefined;
    emit('offline', mode ? `${devEUI} offline (${mode})` : `${devEUI} back online`, { devEUI });
  };
  for (const spec of o.offline ?? []) {
    const n = Math.min(spec.devices, devices.length);
    const chosen = spec.mode === 'deaf' ? devices.slice(0, n) : devices.slice(devices.length - n);
    later(spec.fromS * 1000, () => {
      for (const d of chosen) setOffline(d.devEUI, spec.mode);
    });
    if (spec.toS !== undefined)
      later(spec.toS * 1000, () => {
        for (const d of chosen) setOffline(d.devEUI, null);
      });
  }
  const spread = Math.min(o.interval * 1000, 5000);
  for (const dev of devices) later(rand() * spread, () => tick(dev));
  for (const dev of devices) heartbeat(dev);
  if (devices.length === 0) resolveDone(counters);

  const snapshot = () => {
    counters.pushAcks = gateways.reduce((n, g) => n + g.counters.pushAcks, 0);
    return counters;
  };

  return {
    appID: p.appID,
    provisioned: p,
    gateways,
    links: simLinks,
    devices,
    counters,
    done: done.then(snapshot),
    setOffline,
    rs485: (devEUI, frame) => {
      const dev = devices.find((d) => d.devEUI === devEUI);
      if (!(dev?.protocol instanceof LadtpDevice)) throw new Error(`no simulated ladtp ${devEUI}`);
      const out = dev.protocol.busFrame(frame, payloadOf(dev));
      sendProtocol(dev, out);
      return out.length;
    },
    waitFor: (pred, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const end = Date.now() + timeoutMs;
        const poll = () => {
          if (pred(snapshot())) return resolve(counters);
          if (Date.now() > end)
            return reject(new Error(`simulation condition not met in ${timeoutMs} ms: ${JSON.stringify(counters)}`));
          setTimeout(poll, 50);
        };
        poll();
      }),
    stop: async () => {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      // The last frames into an agent are still to be published: let it take them first.
      await Promise.all(gateways.filter((g) => g.link === 'mqtt').map((g) => g.drain(2000)));
      for (const gw of gateways) gw.stop();
      await agents.stop();
      return snapshot();
    },
  };
}

/** Gateway i's own loopback address (Linux answers for all of 127.0.0.0/8). */
export const sourceAddress = (i: number): string => `127.0.${1 + Math.floor(i / 254)}.${1 + (i % 254)}`;
