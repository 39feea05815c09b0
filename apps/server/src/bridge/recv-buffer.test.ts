import dgram from 'node:dgram';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { widenRecvBuffer } from './udp';

const linux = process.platform === 'linux';
/** The most a process without CAP_NET_ADMIN may ask for (Linux). */
const rmemMax = () => Number(readFileSync('/proc/sys/net/core/rmem_max', 'utf8'));

describe.skipIf(!linux)('UDP receive buffer', () => {
  let socket: dgram.Socket | undefined;
  afterEach(() => socket?.close());
  const bound = async () => {
    socket = dgram.createSocket('udp4');
    await new Promise<void>((r) => socket!.bind(0, '127.0.0.1', () => r()));
    return socket;
  };
  const logger = () => {
    const warnings: unknown[][] = [];
    return { warnings, log: { warn: (...args: unknown[]) => void warnings.push(args) } };
  };

  it('warns, naming both sizes, when the system grants less than asked', async () => {
    const wanted = rmemMax() * 4;
    const { warnings, log } = logger();
    const granted = widenRecvBuffer(await bound(), wanted, log as never);
    expect(granted).toBeLessThan(wanted);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![0]).toEqual({ grantedBytes: granted, wantedBytes: wanted });
    expect(String(warnings[0]![1])).toContain('net.core.rmem_max');
  });

  it('is silent when the size asked for is granted', async () => {
    const { warnings, log } = logger();
    expect(widenRecvBuffer(await bound(), 64 * 1024, log as never)).toBeGreaterThanOrEqual(64 * 1024);
    expect(warnings).toHaveLength(0);
  });
});
