import { checkInt, fail } from '../errors';

/** Shared framing for application-layer packages (TS003/TS004/TS005): CID byte + fixed or computed payload. */
export interface AppCommandDef<F> {
  cid: number;
  /** 'up' = sent by the end-device. */
  dir: 'up' | 'down';
  /** Payload length (CID excluded), or a function of the bytes after the CID. */
  size: number | ((b: Uint8Array, o: number, left: number) => number);
  dec: (b: Uint8Array, o: number, len: number) => F;
  enc: (c: F) => Uint8Array | number[];
}

export type AppCommandOf<M> = { [K in keyof M]: { type: K } & M[K] }[keyof M];

export interface AppCodec<M> {
  encode(cmd: AppCommandOf<M>): Buffer;
  encodeAll(cmds: readonly AppCommandOf<M>[]): Buffer;
  /** Decodes every command in an FRMPayload of this package's port. Unknown CID → UNKNOWN_CID; truncated → TOO_SHORT. */
  decode(b: Uint8Array, dir: 'up' | 'down'): AppCommandOf<M>[];
}

export function makeAppCodec<M>(pkg: string, defs: { [K in keyof M]: AppCommandDef<M[K]> }): AppCodec<M> {
  const byCid: Record<'up' | 'down', Map<number, [string, AppCommandDef<unknown>]>> = {
    up: new Map(),
    down: new Map(),
  };
  for (const [type, def] of Object.entries(defs) as [string, AppCommandDef<unknown>][]) {
    byCid[def.dir].set(def.cid, [type, def]);
  }
  const encode = (cmd: AppCommandOf<M>): Buffer => {
    const def = (defs as Record<string, AppCommandDef<unknown>>)[String(cmd.type)];
    if (!def) return fail('BAD_FIELD', `${pkg}: unknown command type ${String(cmd.type)}`);
    const body = def.enc(cmd);
    return Buffer.concat([Buffer.from([def.cid]), Buffer.from(body)]);
  };
  return {
    encode,
    encodeAll: (cmds) => Buffer.concat(cmds.map(encode)),
    decode(b, dir) {
      if (dir !== 'up' && dir !== 'down') fail('BAD_FIELD', "direction must be 'up' or 'down'");
      const out: AppCommandOf<M>[] = [];
      let o = 0;
      while (o < b.length) {
        const hit = byCid[dir].get(b[o]!);
        if (!hit) return fail('UNKNOWN_CID', `${pkg}: unknown ${dir}link CID 0x${b[o]!.toString(16).padStart(2, '0')}`);
        const [type, def] = hit;
        const left = b.length - o - 1;
        const len = typeof def.size === 'number' ? def.size : def.size(b, o + 1, left);
        if (len > left) fail('TOO_SHORT', `${pkg}: ${type} needs ${len} bytes, only ${left} left`);
        out.push({ type, ...(def.dec(b, o + 1, len) as object) } as AppCommandOf<M>);
        o += 1 + len;
      }
      return out;
    },
  };
}

export const u8 = (name: string, v: number, max = 255): number => checkInt(name, v, 0, max);

export function le(v: number, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    out.push(v & 0xff);
    v = Math.floor(v / 256);
  }
  return out;
}

export function rdLe(b: Uint8Array, o: number, n: number): number {
  let v = 0;
  for (let i = n - 1; i >= 0; i--) v = v * 256 + b[o + i]!;
  return v;
}

export const needAtLeast = (left: number, n: number, what: string): number => {
  if (left < n) fail('TOO_SHORT', `${what} needs at least ${n} bytes, got ${left}`);
  return left;
};
