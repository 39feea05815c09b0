import type { FastifyBaseLogger } from 'fastify';
import { Counter, type Registry } from 'prom-client';

/**
 * The last line of defence: an exception nothing caught (a bug in a timer or a detached
 * promise of the data plane) is logged and counted instead of ending the process, so one bad
 * uplink or datagram cannot stop HTTP, UDP and MQTT for everyone. Every parse of untrusted input
 * is bounded before use; this only keeps a missed case from becoming an outage.
 */
export function installLastResortGuard(log: FastifyBaseLogger, registry: Registry): () => void {
  const counter = new Counter({
    name: 'lns_unexpected_errors_total',
    help: 'Exceptions caught by the last-resort guard (logged; the server kept running)',
    labelNames: ['kind'],
    registers: [registry],
  });
  const onException = (err: Error) => {
    counter.inc({ kind: 'exception' });
    log.error({ err }, 'unexpected exception (caught by the last-resort guard)');
  };
  const onRejection = (reason: unknown) => {
    counter.inc({ kind: 'rejection' });
    log.error({ err: reason }, 'unhandled promise rejection (caught by the last-resort guard)');
  };
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
