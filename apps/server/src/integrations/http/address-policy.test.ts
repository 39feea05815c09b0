import { describe, expect, it } from 'vitest';
import { PushAddressPolicy } from './address-policy';

describe('push address policy', () => {
  const strict = new PushAddressPolicy(false);

  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['239.1.2.3', 'multicast'],
    ['ff02::1', 'multicast'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:c0a8:0101::1', 'private'],
  ])('refuses %s (%s)', (ip, label) => {
    expect(strict.refusal(ip)).toBe(`${ip} is a ${label} address`);
  });

  it.each(['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8', '2002:0808:0808::1'])(
    'lets %s through',
    (ip) => {
      expect(strict.refusal(ip)).toBeNull();
    },
  );

  it('lets listed networks through, or everything when private addresses are allowed', () => {
    const listed = new PushAddressPolicy(false, ['10.1.0.0/16', 'fd00::/8', '192.168.5.5']);
    expect(listed.refusal('10.1.200.3')).toBeNull();
    expect(listed.refusal('::ffff:10.1.0.9')).toBeNull();
    expect(listed.refusal('fd00::5')).toBeNull();
    expect(listed.refusal('192.168.5.5')).toBeNull();
    expect(listed.refusal('192.168.5.6')).toMatch(/private/);
    expect(listed.refusal('10.2.0.1')).toMatch(/private/);
    expect(listed.refusal('127.0.0.1')).toMatch(/loopback/);
    expect(new PushAddressPolicy(true).refusal('127.0.0.1')).toBeNull();
  });

  it('checks URLs as written: IP literals and localhost names', () => {
    expect(strict.urlRefusal('http://127.1:8080/x')).toMatch(/127\.0\.0\.1 is a loopback/);
    expect(strict.urlRefusal('http://0x7f000001/')).toMatch(/loopback/);
    expect(strict.urlRefusal('http://LOCALHOST./')).toMatch(/names a loopback address/);
    expect(strict.urlRefusal('http://[::ffff:169.254.169.254]/')).toMatch(/link-local/);
    expect(strict.urlRefusal('https://push.example.com/hook')).toBeNull();
    expect(strict.urlRefusal('https://localhost.example.com/')).toBeNull();
  });

  it('resolves names and refuses one with any refused address', async () => {
    const lookup = (host: string) =>
      new Promise<string>((resolve) =>
        strict.lookup(host, { all: true }, (err) => resolve(err ? err.message : 'resolved')),
      );
    expect(await lookup('localhost')).toMatch(/^localhost resolves to .* is a loopback address$/);
  });
});
