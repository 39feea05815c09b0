import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Address ranges a push may not reach unless the operator allows them, by what they are. */
const RANGES: [label: string, v4: [string, number][], v6: [string, number][]][] = [
  ['unspecified', [['0.0.0.0', 8]], [['::', 128]]],
  ['loopback', [['127.0.0.0', 8]], [['::1', 128]]],
  [
    'private',
    [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
      ['100.64.0.0', 10],
    ],
    [
      ['fc00::', 7],
      ['fec0::', 10],
    ],
  ],
  ['link-local', [['169.254.0.0', 16]], [['fe80::', 10]]],
  ['multicast', [['224.0.0.0', 4]], [['ff00::', 8]]],
  [
    'reserved',
    [
      ['192.0.0.0', 24],
      ['198.18.0.0', 15],
      ['240.0.0.0', 4],
    ],
    [['::', 96]],
  ],
];

const DENIED = RANGES.map(([label, v4, v6]) => {
  const list = new BlockList();
  for (const [a, bits] of v4) list.addSubnet(a, bits, 'ipv4');
  for (const [a, bits] of v6) list.addSubnet(a, bits, 'ipv6');
  return { label, list };
});

/** The 16 bytes of an IPv6 address (which isIP already accepted). */
function v6Bytes(ip: string): number[] {
  let s = ip.split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    s = `${s.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.split('::') as [string, string | undefined];
  const groups = (p: string | undefined) => (p ? p.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const h = groups(head);
  const t = groups(tail);
  const all = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill(0), ...t];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

/** IPv4 carried inside an IPv6 address (mapped, NAT64, 6to4): the network reached is the IPv4 one. */
function embeddedV4(ip: string): string | null {
  const b = v6Bytes(ip);
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const quad = (i: number) => b.slice(i, i + 4).join('.');
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return quad(12);
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return quad(12);
  if (b[0] === 0x20 && b[1] === 0x02) return quad(2);
  return null;
}

export class PushBlockedError extends Error {
  readonly code = 'EPUSHBLOCKED';
}

/**
 * Which addresses HTTP push may reach: public ones, plus private ones when the operator allows
 * all (PUSH_ALLOW_PRIVATE) or lists their networks (PUSH_ALLOWED_NETWORKS).
 */
export class PushAddressPolicy {
  private readonly allowed = new BlockList();

  constructor(
    private readonly allowPrivate: boolean,
    allowedNetworks: string[] = [],
  ) {
    for (const n of allowedNetworks) {
      const [addr = '', bits] = n.split('/');
      const type = isIP(addr) === 4 ? 'ipv4' : 'ipv6';
      this.allowed.addSubnet(addr, bits === undefined ? (type === 'ipv4' ? 32 : 128) : Number(bits), type);
    }
  }

  static of(config: { PUSH_ALLOW_PRIVATE: boolean; PUSH_ALLOWED_NETWORKS: string[] }): PushAddressPolicy {
    return new PushAddressPolicy(config.PUSH_ALLOW_PRIVATE, config.PUSH_ALLOWED_NETWORKS);
  }

  /** Why a push may not go to this IP address ("127.0.0.1 is a loopback address"), or null. */
  refusal(ip: string): string | null {
    if (this.allowPrivate) return null;
    const family = isIP(ip);
    if (!family) return `${ip} is not an IP address`;
    const v4 = family === 6 ? embeddedV4(ip) : ip;
    const is = (list: BlockList) =>
      (family === 6 && list.check(ip.split('%')[0]!, 'ipv6')) || (v4 !== null && list.check(v4, 'ipv4'));
    if (is(this.allowed)) return null;
    const hit = DENIED.find((d) => is(d.list));
    return hit ? `${ip} is a ${hit.label} address` : null;
  }

  /**
   * Why a push URL is refused as written (an IP literal in a denied range, or a localhost name),
   * or null. Names are resolved and checked again on every send.
   */
  urlRefusal(url: string): string | null {
    let host: string;
    try {
      host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    } catch {
      return null; // the schema reports malformed URLs
    }
    if (isIP(host)) return this.refusal(host);
    const name = host.toLowerCase().replace(/\.$/, '');
    if (name === 'localhost' || name.endsWith('.localhost')) {
      const why = this.refusal('127.0.0.1') ?? this.refusal('::1');
      return why && `${host} names a loopback address`;
    }
    return null;
  }

  /**
   * A `lookup` for http.request: resolves the name, refuses it when any of its addresses is
   * refused, and hands the checked addresses to the connection, so a name cannot resolve to a
   * public address when checked and a private one when connecting.
   */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family, hints: options.hints }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      for (const a of addresses) {
        const why = this.refusal(a.address);
        if (why) return callback(new PushBlockedError(`${hostname} resolves to ${why}`), '', 4);
      }
      if (addresses.length === 0) return callback(new Error(`${hostname} has no address`), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
