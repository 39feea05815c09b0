import { describe, expect, it } from 'vitest';
import { OUTPUT_LIMIT, runShell } from './shell';

describe('shell commands', () => {
  it('captures output and exit code, with the environment it is given', async () => {
    const r = await runShell('echo "$LNS_EXTRA"; echo err >&2; exit 4', 5000, { LNS_EXTRA: '{"a":1}' });
    expect(r).toMatchObject({ code: 4, stdout: '{"a":1}', stderr: 'err', truncated: false, timedOut: false });
  });

  it('keeps the end of long output', async () => {
    const r = await runShell(`head -c ${OUTPUT_LIMIT * 3} /dev/zero | tr '\\0' a; echo END`, 5000);
    expect(r.truncated).toBe(true);
    expect(r.stdout.length).toBeLessThanOrEqual(OUTPUT_LIMIT);
    expect(r.stdout.endsWith('aEND')).toBe(true);
  });

  it('kills the command and what it started on timeout', async () => {
    const start = Date.now();
    const r = await runShell('sleep 10 & sleep 10; echo never', 300);
    expect(r.timedOut).toBe(true);
    expect(r.stdout).toBe('');
    expect(Date.now() - start).toBeLessThan(3000);
  });
});
