/**
 * What a simulated gateway has on its disk for the console's pages: log files under `log/`
 * (one in a subdirectory) and `rlog/`, and a packet forwarder configuration with the region's
 * channels. Written into the agent's temporary directory, which goes when the run ends.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface AgentFiles {
  logDirs: { log: string; rlog: string };
  packetForwarderConfig: string;
}

const stamp = (t: number) => new Date(t).toISOString().replace('T', ' ').slice(0, 19);

export function writeAgentFiles(dir: string, gwID: string, channels: number[], now = Date.now()): AgentFiles {
  const log = join(dir, 'log');
  const rlog = join(dir, 'rlog');
  mkdirSync(join(log, 'lora'), { recursive: true });
  mkdirSync(rlog, { recursive: true });
  const minutes = (n: number) => Array.from({ length: n }, (_, i) => now - (n - i) * 60_000);

  const messages = minutes(120).map(
    (t, i) =>
      `${stamp(t)} gw-${gwID.slice(-4)} ${i % 10 === 0 ? 'kernel: eth0: link up, 100Mbps, full-duplex' : `CRON[${1000 + i}]: (root) CMD (run-parts /etc/cron.hourly)`}`,
  );
  writeFileSync(join(log, 'messages'), `${messages.join('\n')}\n`);
  const stats = minutes(60).map(
    (t, i) =>
      `${stamp(t)} INFO: [up] PUSH_DATA sent, ${(i * 7) % 23} rxpk, ${channels.length} channels; [down] PULL_DATA acknowledged`,
  );
  writeFileSync(join(log, 'lora', 'pkt_fwd.log'), `${stats.join('\n')}\n`);
  writeFileSync(join(log, 'lora', 'pkt_fwd.log.1'), `${stats.slice(0, 20).join('\n')}\n`);
  writeFileSync(
    join(rlog, 'reboot.log'),
    `${stamp(now - 86_400_000)} reboot: power on\n${stamp(now - 3_600_000)} reboot: watchdog\n`,
  );

  const packetForwarderConfig = join(dir, 'global_conf.json');
  // As Semtech's global_conf.json has it: one radio centred on the channels, each channel an offset from it.
  const up = channels.slice(0, 8);
  const centre = up.length ? Math.round((Math.min(...up) + Math.max(...up)) / 2 / 100_000) * 100_000 : 868_500_000;
  const conf = {
    SX130x_conf: {
      com_type: 'SPI',
      com_path: '/dev/spidev0.0',
      lorawan_public: true,
      clksrc: 0,
      radio_0: { enable: true, type: 'SX1250', freq: centre, rssi_offset: -215.4, tx_enable: true },
      ...Object.fromEntries(up.map((c, i) => [`chan_multiSF_${i}`, { enable: true, radio: 0, if: c - centre }])),
    },
    gateway_conf: {
      gateway_ID: gwID.toUpperCase(),
      server_address: '127.0.0.1',
      serv_port_up: 1700,
      serv_port_down: 1700,
      stat_interval: 30,
    },
  };
  writeFileSync(packetForwarderConfig, `${JSON.stringify(conf, null, 2)}\n`);
  return { logDirs: { log, rlog }, packetForwarderConfig };
}
