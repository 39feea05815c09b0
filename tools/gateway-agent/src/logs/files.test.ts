import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listLogsResult, readLogResult } from '@lns/contract/gateway-agent';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Rig, startRig } from '../../test/agent';
import { listLogFiles, readLogChunk } from './files';

/**
 * A log directory as a gateway has one, with traps: a link to a file outside, a link to a
 * directory outside, a FIFO, a file two levels down, and a secret beside the directory.
 */
function makeTree(): { top: string; log: string; rlog: string } {
  const top = mkdtempSync(join(tmpdir(), 'gw-logs-'));
  const log = join(top, 'log');
  const rlog = join(top, 'rlog');
  mkdirSync(join(log, 'lora', 'deep'), { recursive: true });
  mkdirSync(rlog);
  writeFileSync(join(top, 'secret'), 'the password');
  writeFileSync(join(log, 'messages'), 'line 1\nline 2\n');
  writeFileSync(join(log, 'lora', 'pkt_fwd.log'), 'x'.repeat(1000));
  writeFileSync(join(log, 'lora', 'deep', 'too-deep.log'), 'not listed');
  writeFileSync(join(rlog, 'reboot.log'), 'boot\n');
  symlinkSync(join(top, 'secret'), join(log, 'secret-link'));
  symlinkSync(top, join(log, 'up'));
  symlinkSync(join(log, 'messages'), join(log, 'current'));
  execFileSync('mkfifo', [join(log, 'pipe')]);
  utimesSync(join(log, 'messages'), new Date(1_700_000_000_000), new Date(1_700_000_000_000));
  return { top, log, rlog };
}

describe('log files', () => {
  let t: ReturnType<typeof makeTree>;
  beforeAll(() => {
    t = makeTree();
  });
  afterAll(() => rmSync(t.top, { recursive: true, force: true }));

  it('lists the regular files of the directory and of its direct subdirectories, nothing else', async () => {
    const files = await listLogFiles(t.log);
    expect(files).toEqual([
      { name: 'lora/pkt_fwd.log', size: 1000, mtime: expect.any(Number) },
      { name: 'messages', size: 14, mtime: 1_700_000_000_000 },
    ]);
    expect(await listLogFiles(join(t.top, 'none'))).toEqual([]);
  });

  it('reads a chunk: base64 from the offset, the size now, whether it reached the end', async () => {
    const a = await readLogChunk(t.log, 'messages', 0, 7);
    expect(Buffer.from(a.data, 'base64').toString()).toBe('line 1\n');
    expect(a).toMatchObject({ size: 14, eof: false });
    const b = await readLogChunk(t.log, 'messages', 7, 100);
    expect(Buffer.from(b.data, 'base64').toString()).toBe('line 2\n');
    expect(b.eof).toBe(true);
    expect(await readLogChunk(t.log, 'messages', 50, 10)).toEqual({ data: '', size: 14, eof: true });
    const sub = await readLogChunk(t.log, 'lora/pkt_fwd.log', 990, 100);
    expect(Buffer.from(sub.data, 'base64').toString()).toBe('x'.repeat(10));
    // A link that stays inside is the file it names.
    expect(Buffer.from((await readLogChunk(t.log, 'current', 0, 6)).data, 'base64').toString()).toBe('line 1');
  });

  it('refuses every name that leads out of the directory or to something not a regular file', async () => {
    const attempts = [
      '../secret',
      '../../etc/passwd',
      '/etc/passwd',
      `${t.top}/secret`,
      'secret-link',
      'up/secret',
      'up/log/messages',
      'lora/deep/too-deep.log',
      'lora',
      'pipe',
      '.',
      'lora/../messages',
      'messages\u0000',
      '',
    ];
    for (const name of attempts) {
      await expect(readLogChunk(t.log, name, 0, 100), name).rejects.toThrow(/is not a file of the directory|no file/);
    }
    await expect(readLogChunk(t.log, 'nothing.log', 0, 1)).rejects.toThrow('no file "nothing.log"');
  });
});

describe('listLogs and readLog (real broker)', () => {
  let rig: Rig;
  let t: ReturnType<typeof makeTree>;
  beforeAll(() => {
    t = makeTree();
  });
  afterEach(() => rig?.close());
  afterAll(() => rmSync(t.top, { recursive: true, force: true }));

  it('answers with the listing and the chunks; refuses a traversal; rlog off is unsupported', async () => {
    rig = await startRig({ logDirs: { log: t.log, rlog: t.rlog } });
    await rig.sub.next('agent/report');
    const list = await rig.request('listLogs', { dir: 'log' });
    expect(list.end.state).toBe('done');
    expect(listLogsResult.parse(list.end.result).files.map((f) => f.name)).toEqual(['lora/pkt_fwd.log', 'messages']);
    const rlog = await rig.request('listLogs', { dir: 'rlog' });
    expect(listLogsResult.parse(rlog.end.result).files.map((f) => f.name)).toEqual(['reboot.log']);

    const read = await rig.request('readLog', { dir: 'log', name: 'messages', offset: 0, length: 65536 });
    const chunk = readLogResult.parse(read.end.result);
    expect(Buffer.from(chunk.data, 'base64').toString()).toBe('line 1\nline 2\n');
    expect(chunk).toMatchObject({ size: 14, eof: true });

    for (const name of ['../secret', '/etc/passwd', 'secret-link']) {
      const r = await rig.request('readLog', { dir: 'log', name, offset: 0, length: 100 });
      expect(r.end).toMatchObject({ state: 'error', error: expect.stringMatching(/is not a file of the directory/) });
      expect(r.end.result).toBeUndefined();
    }
    expect(
      (await rig.request('readLog', { dir: 'log', name: 'messages', offset: 0, length: 999_999 })).end,
    ).toMatchObject({
      state: 'error',
      error: expect.stringMatching(/^extra\.length: /),
    });
    expect((await rig.request('listLogs', { dir: 'etc' })).end).toMatchObject({
      state: 'error',
      error: expect.stringMatching(/^extra\.dir: /),
    });
    await rig.close();

    rig = await startRig({ logDirs: { log: t.log, rlog: null } });
    await rig.sub.next('agent/report');
    expect((await rig.request('listLogs', { dir: 'rlog' })).end).toMatchObject({
      state: 'error',
      reason: 'unsupported',
    });
  });
});
