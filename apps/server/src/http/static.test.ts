import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deviceApi } from '@lns/contract/api/devices';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installConsole } from './static';

describe('the console files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-'));
  const app = Fastify();
  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>LNS</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'entry-1a2b.js'), 'console.log(1)');
    await installConsole(app, dir);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the index for any page, to GET and to HEAD (monitors probe with HEAD)', async () => {
    for (const url of ['/', '/devices/70b3d50000000001']) {
      const get = await app.inject({ method: 'GET', url });
      expect(get.statusCode).toBe(200);
      expect(get.body).toContain('<title>LNS</title>');
      expect(get.headers['cache-control']).toBe('no-cache');
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toMatch(/text\/html/);
      expect(head.body).toBe('');
    }
    const asset = await app.inject({ method: 'HEAD', url: '/assets/entry-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves a console rebuilt while it runs; a script of another build is a 404, not the index', async () => {
    fs.writeFileSync(path.join(dir, 'assets', 'entry-3c4d.js'), 'console.log(2)');
    const fresh = await app.inject({ method: 'GET', url: '/assets/entry-3c4d.js' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toBe('console.log(2)');
    const gone = await app.inject({ method: 'GET', url: '/assets/entry-0000.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('<title>');
  });

  it('never answers an unknown API path, a stream path or another method with the index', async () => {
    for (const [method, url] of [
      ['GET', `${deviceApi.list.path}-nope`],
      ['HEAD', `${deviceApi.list.path}-nope`],
      ['GET', '/ws/nope'],
      ['POST', '/devices'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      if (method !== 'HEAD') expect(res.json()).toMatchObject({ code: 404, field: 'path' });
    }
  });
});
