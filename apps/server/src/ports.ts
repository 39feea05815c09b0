import dgram from 'node:dgram';
import net from 'node:net';
import type { Config } from './config';

const tcpFree = (port: number, host: string) =>
  new Promise<boolean>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' ? resolve(false) : reject(err)));
    srv.listen(port, host, () => srv.close(() => resolve(true)));
  });

const udpFree = (port: number, host: string) =>
  new Promise<boolean>((resolve, reject) => {
    const sock = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    sock.once('error', (err: NodeJS.ErrnoException) => {
      sock.close();
      if (err.code === 'EADDRINUSE') resolve(false);
      else reject(err);
    });
    sock.bind(port, host, () => sock.close(() => resolve(true)));
  });

/**
 * The first port the server needs that another program holds, as the one-line report, or null.
 * Checked before the database is opened, so a start that cannot listen changes nothing (no admin
 * created, no password printed). Port 0 (any free port) is never busy. A busy default MQTT port
 * is not listed: the server then runs without its broker and says so.
 */
export async function busyPort(config: Config): Promise<string | null> {
  const checks: [string, number, (port: number, host: string) => Promise<boolean>][] = [
    ['PORT', config.PORT, tcpFree],
    ['UDP_PORT', config.UDP_PORT, udpFree],
  ];
  if (!config.MQTT_URL && config.mqttPortExplicit) checks.push(['MQTT_PORT', config.MQTT_PORT, tcpFree]);
  for (const [name, port, free] of checks) {
    if (port !== 0 && !(await free(port, config.HOST))) {
      return `${name} ${port} is already in use; set ${name} to a free port`;
    }
  }
  return null;
}
