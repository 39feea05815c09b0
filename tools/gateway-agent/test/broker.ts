import net from 'node:net';
import { Aedes, type ConnectPacket } from 'aedes';

export interface TestBroker {
  url: string;
  /** Every CONNECT the broker accepted, in order (client id, keep-alive, will). */
  connects: ConnectPacket[];
  close(): Promise<void>;
}

/**
 * A real MQTT broker (aedes, as the server embeds) on a free port. With `users`, only those
 * user names and passwords get in.
 */
export async function startBroker(users?: Record<string, string>): Promise<TestBroker> {
  const connects: ConnectPacket[] = [];
  const broker = await Aedes.createBroker({
    preConnect: (_client, packet, done) => {
      connects.push(packet);
      done(null, true);
    },
    authenticate: (_client, username, password, done) => {
      const ok = !users || (username !== undefined && users[username] === password?.toString('utf8'));
      done(ok ? null : Object.assign(new Error('bad credentials'), { returnCode: 4 as const }), ok);
    },
  });
  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    connects,
    close: () =>
      new Promise<void>((resolve) => {
        broker.close(() => server.close(() => resolve()));
      }),
  };
}
