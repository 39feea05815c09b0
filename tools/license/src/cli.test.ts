import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { judgeLicense, publicKeyFrom } from '@lns/contract/license-codec';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from './cli';

describe('license tool', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lns-license-'));
  let out: string[];
  let err: string[];
  beforeEach(() => {
    out = [];
    err = [];
    vi.spyOn(console, 'log').mockImplementation((s: string) => void out.push(s));
    vi.spyOn(console, 'error').mockImplementation((s: string) => void err.push(s));
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const issueArgs = ['--licensee', 'ACME Networks', '--nw-id', '00001A', '--devices', '500', '--gateways', '5'];

  it('writes a key pair, issues a license the server accepts, and never overwrites a key', () => {
    expect(main(['keygen', '--out', dir])).toBe(0);
    expect(statSync(path.join(dir, 'private.pem')).mode & 0o077).toBe(0);
    const raw = out
      .find((l) => l.startsWith('LICENSE_PUBLIC_KEY='))!
      .split('=')
      .slice(1)
      .join('=');
    expect(main(['issue', '--key', path.join(dir, 'private.pem'), ...issueArgs, '--expires', '2030-06-30'])).toBe(0);
    const license = out.at(-1)!;
    for (const key of [raw, readFileSync(path.join(dir, 'public.pem'), 'utf8')]) {
      const judged = judgeLicense(license, publicKeyFrom(key), { netId: '00001a', now: Date.UTC(2030, 5, 30, 23) });
      expect(judged).toMatchObject({
        state: 'valid',
        payload: { v: 1, licensee: 'ACME Networks', nwID: '00001a', devices: 500, gateways: 5 },
      });
      expect(judged.payload?.expiresAt).toBe(Date.UTC(2030, 6, 1));
    }
    expect(main(['show', license, '--public-key', path.join(dir, 'public.pem')])).toBe(0);
    expect(out.at(-1)).toBe('signature: good');
    expect(main(['keygen', '--out', dir])).toBe(2);
    expect(err[0]).toMatch(/exists: not overwritten/);
  });

  it('refuses bad options with a reason and status 2', () => {
    const key = path.join(dir, 'private.pem');
    const cases: [string[], RegExp][] = [
      [['issue', '--key', key, ...issueArgs], /--expires is required/],
      [['issue', '--key', key, ...issueArgs, '--expires', '2030-02-30'], /expected a date/],
      [
        [
          'issue',
          '--key',
          key,
          ...issueArgs.slice(0, 4),
          '--devices',
          '1.5',
          '--gateways',
          '5',
          '--expires',
          '2030-01-01',
        ],
        /whole number/,
      ],
      [
        [
          'issue',
          '--key',
          key,
          '--licensee',
          'x',
          '--nw-id',
          '13',
          '--devices',
          '1',
          '--gateways',
          '1',
          '--expires',
          '2030-01-01',
        ],
        /nwID/,
      ],
      [
        ['issue', '--key', path.join(dir, 'public.pem'), ...issueArgs, '--expires', '2030-01-01'],
        /not a PEM private key/,
      ],
      [['rotate'], /unknown command/],
      [['issue', '--bogus'], /Unknown option/],
    ];
    for (const [args, why] of cases) {
      err = [];
      expect(main(args), args.join(' ')).toBe(2);
      expect(err[0]).toMatch(why);
    }
  });
});
