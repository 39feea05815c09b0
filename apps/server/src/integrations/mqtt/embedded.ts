import net from 'node:net';
import { GATEWAY_EVENT_FILTERS } from '@lns/contract/gateway-mqtt';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Services } from '../../context';
import type { IntegrationLookup } from '../lookup';
import type { IntegrationMetrics } from '../metrics';
import type { OutboxSender } from '../outbox/sender';
import type { MqttAcl, Principal } from './acl';
import { handleDownlinkCommand } from './commands';
import { type MqttSink, publishCommandError, publishEvents } from './events';
import { MqttSessions } from './sessions';

const principalKey = (p: Principal) =>
  p.kind === 'app' ? `app:${p.appID}` : p.kind === 'user' ? `user:${p.user.id}` : `gw:${p.gwID}`;

const refuse = (code: 2 | 4 | 5, message: string): AuthenticateError =>
  Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;

export interface EmbeddedBroker extends MqttSink {
  /** The port it listens on (MQTT_PORT, or the one the OS picked for 0). */
  port: number;
  /** Connected clients, their credentials and the rows their subscriptions rest on. */
  sessions: MqttSessions;
  close(): Promise<void>;
}

/**
 * The embedded aedes broker on MQTT_PORT: authenticates application and user credentials,
 * enforces the ACL, publishes events and turns command/down publishes into downlinks.
 * Resolves null (after a warning) when the default port is taken, so a machine that already runs
 * a broker still starts; an explicit MQTT_PORT that is taken is an error.
 */
export async function startEmbeddedBroker(
  services: Services,
  acl: MqttAcl,
  lookup: IntegrationLookup,
  metrics: IntegrationMetrics,
  outbox: OutboxSender,
): Promise<EmbeddedBroker | null> {
  const { config, log } = services;
  const principals = new WeakMap<Client, Principal>();
  // Assigned below, once the broker exists; hooks only run after that.
  let sessions: MqttSessions;
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      acl.authenticate(username, password).then(
        (p) => {
          if (!p) {
            metrics.mqttAuthFailures.inc();
            return done(refuse(username ? 4 : 5, 'bad MQTT username or password'), false);
          }
          // A client id already in use by someone else would take that session over: refuse.
          const holder = (broker as unknown as { clients: Record<string, Client | undefined> }).clients[client.id];
          const other = holder && principals.get(holder);
          if (other && principalKey(other) !== principalKey(p)) {
            metrics.mqttAuthFailures.inc();
            return done(refuse(2, 'client id in use by another account'), false);
          }
          principals.set(client, p);
          sessions.signedIn(client, p, username ?? '', password?.toString('utf8') ?? '');
          done(null, true);
        },
        (err) => {
          log.error({ err }, 'MQTT authentication failed');
          done(refuse(5, 'authentication unavailable'), false);
        },
      );
    },
    authorizeSubscribe: (client, sub, done) => {
      const p = principals.get(client);
      (p ? acl.maySubscribe(p, sub.topic) : Promise.resolve(null)).then(
        (scope) => {
          if (!scope) metrics.mqttDenied.inc({ action: 'subscribe' });
          else sessions.granted(client, sub.topic, scope);
          // null grants nothing: the SUBACK carries 0x80 for this filter.
          done(null, scope ? sub : null);
        },
        () => done(null, null),
      );
    },
    authorizePublish: (client, packet, done) => {
      const p = client && principals.get(client);
      if (!p) return done(new Error('not authorized'));
      if (p.kind === 'gateway') {
        // The link reads these through the broker's own subscription (below).
        if (acl.gatewayMayPublish(p, packet.topic)) return done(null);
        metrics.mqttDenied.inc({ action: 'publish' });
        return done(new Error(`not authorized to publish on ${packet.topic}`));
      }
      acl.mayPublish(p, packet.topic).then(
        (cmd) => {
          if (!cmd) {
            metrics.mqttDenied.inc({ action: 'publish' });
            return done(new Error(`not authorized to publish on ${packet.topic}`));
          }
          // Commands are not kept as retained messages (a reconnect must not resend them).
          packet.retain = false;
          done(null);
          const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
          void handleDownlinkCommand(services.dataPlane, lookup, cmd.appID, cmd.devEUI, payload, acl.userOf(p)).then(
            (r) => {
              metrics.mqttDownlinks.inc({ result: r.ok ? 'enqueued' : 'rejected' });
              if (!r.ok) publishCommandError(sink, metrics, cmd.appID, cmd.devEUI, r);
            },
          );
        },
        () => done(new Error('not authorized')),
      );
    },
    // Only within scopes the client still holds (also for messages queued for a persistent session).
    authorizeForward: (client, packet) => (sessions.mayForward(client, packet.topic) ? packet : null),
  });
  const persistence = (
    broker as unknown as { persistence: { removeSubscriptions(c: Client, f: string[]): Promise<void> } }
  ).persistence;
  sessions = new MqttSessions(services, (client, filters) => {
    persistence.removeSubscriptions(client as Client, filters).catch(() => {});
  });
  broker.on('client', () => metrics.mqttClients.inc());
  broker.on('clientDisconnect', (client) => {
    metrics.mqttClients.dec();
    sessions.gone(client);
  });

  const sink: MqttSink = {
    publish: (topic, payload) =>
      broker.publish({ cmd: 'publish', topic, payload, qos: 1, retain: false, dup: false }, () => {}),
    // Done once the broker has queued it for its subscribers (this broker keeps them in memory).
    deliver: (topic, payload) =>
      new Promise<void>((resolve, reject) =>
        broker.publish({ cmd: 'publish', topic, payload, qos: 1, retain: false, dup: false }, (err) =>
          err ? reject(err) : resolve(),
        ),
      ),
  };

  // No Nagle: small QoS 1 messages and their acks would each wait for a delayed ACK (~40 ms a hop).
  const server = net.createServer({ noDelay: true }, broker.handle);
  const port = config.MQTT_PORT;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, config.HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    sessions.stop();
    await new Promise<void>((r) => broker.close(() => r()));
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    const hint = 'set MQTT_PORT to a free port or MQTT_URL to use an external broker';
    if (config.mqttPortExplicit) throw new Error(`MQTT_PORT ${port} is already in use; ${hint}`);
    log.warn(`MQTT_PORT ${port} is already in use: running without the embedded MQTT broker; ${hint}`);
    return null;
  }
  const stopEvents = publishEvents(services, outbox, lookup);
  outbox.mqtt = sink;
  const link = services.dataPlane.mqttLink;
  for (const filter of GATEWAY_EVENT_FILTERS)
    broker.subscribe(
      filter,
      (packet, cb) => {
        link.receive(packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload));
        cb();
      },
      () => {},
    );
  link.attach(sink.publish);
  const actual = (server.address() as net.AddressInfo).port;
  log.info(`embedded MQTT broker listening on port ${actual}`);
  return {
    port: actual,
    sessions,
    publish: sink.publish,
    deliver: sink.deliver,
    close: async () => {
      stopEvents();
      sessions.stop();
      outbox.mqtt = undefined;
      await new Promise<void>((r) => broker.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
