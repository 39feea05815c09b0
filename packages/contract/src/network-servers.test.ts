import { describe, expect, it } from 'vitest';
import { isHost, isNsUrl, nsCreateBody, ntpUpdateBody } from './network-servers';

describe('network-server addresses and the NTP host', () => {
  it('take host:port and udp/mqtt/mqtts/ws/wss URLs without credentials', () => {
    for (const ok of [
      'ns.example.com:1700',
      '192.0.2.1:1700',
      '[2001:db8::1]:1700',
      'udp://ns.example.com:1700',
      'mqtt://broker.example.com',
      'mqtts://broker.example.com:8883',
      'ws://broker.example.com:8080/mqtt',
      'wss://[2001:db8::2]/mqtt',
    ]) {
      expect(isNsUrl(ok), ok).toBe(true);
    }
    for (const bad of [
      'ns.example.com',
      'ns.example.com:0',
      'ns.example.com:65536',
      'http://ns.example.com',
      'udp://ns.example.com',
      'mqtt://u:p@broker.example.com',
      'mqtt://broker.example.com/x',
      'wss://broker.example.com/mqtt?x=1',
      'bücher.de:1700',
      '2001:db8::1:1700',
      '[ns.example.com]:1700',
      '1.2.3:1700',
    ]) {
      expect(isNsUrl(bad), bad).toBe(false);
    }
  });

  it('host names, IPv4 and IPv6 are hosts; odd forms are not', () => {
    for (const ok of ['pool.ntp.org', 'ntp1', '10.0.0.1', '::1', '2001:db8::123', 'a-b.example']) {
      expect(isHost(ok), ok).toBe(true);
    }
    for (const bad of [
      '',
      'a..b',
      '-a.org',
      'a-.org',
      '300.1.1.1',
      '1.2.3',
      'ntp.org:123',
      'a_b.org',
      'x'.repeat(64),
    ]) {
      expect(isHost(bad), bad).toBe(false);
    }
  });

  it('bodies default the colour, trim, and name the field at fault', () => {
    expect(nsCreateBody.parse({ region: 'EU868', subnet: 'eu868-default', nsURL: ' ns.example.com:1700 ' })).toEqual({
      region: 'eu868',
      subnet: 'eu868-default',
      nsURL: 'ns.example.com:1700',
      color: '#666666',
    });
    const bad = nsCreateBody.safeParse({ region: 'eu868', subnet: 'eu868-default', nsURL: 'x' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['nsURL', 'a host:port, or a udp, mqtt, mqtts, ws or wss URL without user or password'],
    ]);
    expect(ntpUpdateBody.safeParse({ ntpHost: '  ' }).error?.issues[0]?.message).toBe('NTP host cannot be empty');
    expect(ntpUpdateBody.parse({ ntpHost: ' time.example.com ' })).toEqual({ ntpHost: 'time.example.com' });
  });
});
