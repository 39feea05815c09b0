import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../log/options';
import { installRequestLog } from './request-log';

async function appLogging(level: string) {
  const lines: { level: number; msg: string; status?: number; url?: string }[] = [];
  const app = Fastify({
    logger: loggerOptions(level, { write: (l: string) => lines.push(JSON.parse(l)) }),
    logController: new LogController({ disableRequestLogging: true }),
  });
  const flush = installRequestLog(app, 60_000);
  app.get('/ok', async () => 'ok');
  app.get('/missing', async (_req, reply) => reply.status(404).send('no'));
  await app.ready();
  return { app, lines, flush };
}

describe('request log', () => {
  it('writes no line per request at info, and one summary line for the period', async () => {
    const { app, lines, flush } = await appLogging('info');
    for (let i = 0; i < 5; i++) await app.inject('/ok');
    await app.inject('/missing');
    expect(lines).toEqual([]);
    flush();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.msg).toMatch(
      /^HTTP in the last 1 min: 6 requests, 1 answered 4xx, 0 answered 5xx; slowest \d+ ms/,
    );
    flush();
    expect(lines).toHaveLength(1); // nothing new, nothing said
    await app.close();
  });

  it('at debug writes one line per request with its status', async () => {
    const { app, lines } = await appLogging('debug');
    await app.inject('/missing');
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ level: 20, url: '/missing', status: 404 });
    await app.close();
  });
});
