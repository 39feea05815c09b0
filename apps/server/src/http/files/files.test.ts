import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileUrlOf } from '@lns/contract/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { files } from '../../db/schema/fuota';

type Part = { name: string; value: string | Buffer; filename?: string };

/** A multipart/form-data body written by hand, parts in the order given. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lns${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${
        p.filename === undefined ? '' : `; filename="${p.filename}"\r\nContent-Type: application/octet-stream`
      }\r\n\r\n`,
    ),
    Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const bytes = (size: number, seed: number) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * 7 + seed) & 0xff));

describe('file store API', () => {
  let t: TestApp;
  let admin: string;
  let common: string;
  const image = bytes(300, 1);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    common = (await t.userWithToken('files-common')).token;
  });
  afterAll(() => t.close());

  const upload = async (parts: Part[], token: string | null = admin, url = '/api/fileupload') => {
    const body = multipart(parts);
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { 'x-access-token': token } : {}) },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const file = (data: Buffer, filename = 'fw.bin'): Part => ({ name: 'file', value: data, filename });
  const digest = (d: string): Part => ({ name: 'digest', value: d });
  const download = (url: string, headers: Record<string, string> = {}, token: string | null = admin) =>
    t.app.inject({ method: 'GET', url, headers: { ...(token ? { 'x-access-token': token } : {}), ...headers } });
  const rowCount = async () => (await t.services.db.select().from(files)).length;
  const stored = () => (fs.existsSync(t.config.fileDir) ? fs.readdirSync(t.config.fileDir) : []);

  it('stores a file with its digest and answers its reference; the same content again is 6002 with it', async () => {
    const res = await upload([digest(sha(image)), file(image)]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 0,
      data: { fileUrl: fileUrlOf(sha(image)), fileName: 'fw.bin', size: 300, digest: sha(image) },
    });
    const again = await upload([file(image, 'other.bin'), digest(sha(image).toUpperCase())]);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 6002, data: { fileUrl: fileUrlOf(sha(image)), fileName: 'fw.bin' } });
    expect(await rowCount()).toBe(1);
  });

  it('stores the same content sent three times at once once: one 0, the others 6002, never a 500', async () => {
    const data = bytes(200_000, 7);
    const res = await Promise.all([1, 2, 3].map(() => upload([digest(sha(data)), file(data, 'same.bin')])));
    expect(res.map((r) => r.body.code).sort()).toEqual([0, 6002, 6002]);
    expect(res.every((r) => r.body.data.fileUrl === fileUrlOf(sha(data)))).toBe(true);
    expect(stored().filter((n) => n.includes(sha(data)))).toEqual([sha(data)]);
    expect(fs.readFileSync(`${t.config.fileDir}/${sha(data)}`).equals(data)).toBe(true);
  });

  it('refuses a missing or wrong digest, a missing file and a bad name, each with its code and field', async () => {
    const data = bytes(100, 2);
    const before = await rowCount();
    expect((await upload([file(data)])).body).toMatchObject({ code: 6001, field: 'digest' });
    expect((await upload([digest(''), file(data)])).body).toMatchObject({ code: 6001, field: 'digest' });
    expect((await upload([digest(sha(image)), file(data)])).body).toMatchObject({ code: 6004, field: 'digest' });
    expect((await upload([digest('not-hex'), file(data)])).body).toMatchObject({ code: 6004, field: 'digest' });
    const none = await upload([digest(sha(data))]);
    expect(none).toMatchObject({ status: 404, body: { code: 6003 } });
    expect((await upload([digest(sha(Buffer.alloc(0))), file(Buffer.alloc(0))])).body.code).toBe(6003);
    for (const name of ['a b.bin', '..', 'fw;rm.bin', `${'a'.repeat(129)}.bin`]) {
      const bad = await upload([digest(sha(data)), file(data, name)]);
      expect(bad.body, name).toMatchObject({ code: 1007, field: 'file' });
    }
    expect(await rowCount()).toBe(before);
  });

  it('keeps no directory part of a file name (the multipart reader drops it; the file is stored by digest)', async () => {
    const data = bytes(64, 3);
    const res = await upload([digest(sha(data)), file(data, '../x.bin')]);
    expect(res.body).toMatchObject({ code: 0, data: { fileName: 'x.bin', digest: sha(data) } });
    expect(fs.existsSync(`${t.config.fileDir}/../x.bin`)).toBe(false);
  });

  it('refuses bodies that are not multipart with a code, never a 500', async () => {
    const bodies: [string, string][] = [
      ['application/json', '{"digest":"00"}'],
      ['text/plain', 'hello'],
      ['multipart/form-data', 'garbage'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\ngarbage\r\n--xyz--'],
    ];
    for (const [type, payload] of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/fileupload',
        payload,
        headers: { 'content-type': type, 'x-access-token': admin },
      });
      expect(res.statusCode, type).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, type).toBeLessThan(500);
      expect(res.json().code, type).toBeGreaterThan(0);
    }
  });

  it('refuses a file over 1 MiB with 413 / 6101 and stores nothing', async () => {
    const big = bytes(1024 * 1024 + 1, 4);
    const [rows, names] = [await rowCount(), stored()];
    const res = await upload([digest(sha(big)), file(big, 'big.bin')]);
    expect(res).toMatchObject({ status: 413, body: { code: 6101 } });
    const plain = await upload([file(big, 'big.bin')], admin, '/api/file/upload');
    expect(plain).toMatchObject({ status: 413, body: { code: 6101 } });
    expect(await rowCount()).toBe(rows);
    expect(stored()).toEqual(names);
  });

  it('stores without a digest on /api/file/upload', async () => {
    const data = bytes(500, 5);
    const res = await upload([file(data, 'plain_1.bin')], admin, '/api/file/upload');
    expect(res.body).toEqual({
      code: 0,
      data: { fileUrl: fileUrlOf(sha(data)), fileName: 'plain_1.bin', size: 500, digest: sha(data) },
    });
    expect(stored()).toContain(sha(data));
    expect((await upload([file(data)], admin, '/api/file/upload')).body.code).toBe(6002);
  });

  it('downloads the same bytes, in part with a Range', async () => {
    const url = fileUrlOf(sha(image));
    const whole = await download(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(image)).toBe(true);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await download(url, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/300');
    expect(part.rawPayload.equals(image.subarray(10, 20))).toBe(true);
    const tail = await download(url, { range: 'bytes=-5' });
    expect(tail.rawPayload.equals(image.subarray(295))).toBe(true);
    const out = await download(url, { range: 'bytes=300-400' });
    expect(out.statusCode).toBe(416);
    expect(out.headers['content-range']).toBe('bytes */300');
  });

  it('answers 6003 for an unknown digest and 1007 for a malformed one', async () => {
    const unknown = await download(fileUrlOf('0'.repeat(64)));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 6003, field: 'digest' });
    for (const d of ['xyz', 'G'.repeat(64), '0'.repeat(63)]) {
      const bad = await download(`/api/file/${d}`);
      expect(bad.statusCode, d).toBe(400);
      expect(bad.json(), d).toMatchObject({ code: 1007, field: 'digest' });
    }
  });

  it('is for admins: a common user gets 1010, no token 1003', async () => {
    const data = bytes(40, 6);
    expect((await upload([digest(sha(data)), file(data)], common)).body.code).toBe(1010);
    expect((await upload([file(data)], common, '/api/file/upload')).body.code).toBe(1010);
    expect((await download(fileUrlOf(sha(image)), {}, common)).json().code).toBe(1010);
    expect((await upload([digest(sha(data)), file(data)], null)).body.code).toBe(1003);
    expect((await download(fileUrlOf(sha(image)), {}, null)).json().code).toBe(1003);
    expect(stored()).not.toContain(sha(data));
  });
});

describe('upload limit from UPLOAD_MAX_MB', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_MAX_MB: '2' });
  });
  afterAll(() => t.close());

  it('takes files up to the configured size, refuses larger ones naming the limit, and tells the console', async () => {
    const admin = await t.login();
    const send = async (data: Buffer) => {
      const body = multipart([{ name: 'file', value: data, filename: 'pkg.bin' }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/file/upload',
        payload: body.payload,
        headers: { ...body.headers, 'x-access-token': admin },
      });
      return res.json();
    };
    expect((await send(Buffer.alloc(1536 * 1024, 7))).code).toBe(0);
    const big = await send(Buffer.alloc(2 * 1024 * 1024 + 1, 8));
    expect(big).toMatchObject({ code: 6101, field: 'file' });
    expect(big.msg).toContain('2 M');
    expect((await t.call(undefined, 'GET', '/api/webConfig')).body.data.uploadMaxMb).toBe(2);
  });
});
