import { type KeyObject, timingSafeEqual } from 'node:crypto';
import { C } from '@lns/contract/codes';
import type { LicensePayload, LicenseProblem, LicenseState, LicenseStatus } from '@lns/contract/license';
import { judgeLicense, publicKeyFrom } from '@lns/contract/license-codec';
import { count, sql } from 'drizzle-orm';
import { hashToken } from '../auth/tokens';
import type { Db } from '../db/client';
import { devices } from '../db/schema/devices';
import { gateways } from '../db/schema/gateways';
import { DomainError } from '../errors';
import { readStoredLicense, writeStoredLicense } from './store';

type Tx = Pick<Db, 'select' | 'execute'>;

/** What the stored license means for this server now. */
export interface Standing {
  /** No LICENSE_PUBLIC_KEY: nothing is checked or counted. */
  unlimited: boolean;
  state: LicenseState;
  problem: LicenseProblem | null;
  payload: LicensePayload | undefined;
  tokenSet: boolean;
}

/** Taken inside the writing transaction, so two creates cannot both pass the last free place. */
const LOCK_ID = 0x6c6e_7331;

const refusal = (s: Standing): DomainError | undefined => {
  if (s.unlimited || s.state === 'valid') return undefined;
  if (s.state === 'expired') return new DomainError(C.LICENSE_EXPIRED, 'the license has expired');
  const why = s.state === 'none' ? 'no license is installed' : `the license is invalid (${s.problem})`;
  return new DomainError(C.LICENSE_INVALID, why);
};

/**
 * The platform license (docs/product/platform.md, "License and token"): reads the stored license
 * and judges it against LICENSE_PUBLIC_KEY and NET_ID at every question (a few rows; every
 * instance sees a new license at once), refuses growth past its quotas, and answers the token.
 * It never stops the data plane: an expired license stops creates and common users' sign-in only.
 */
export class LicenseGate {
  private readonly key: KeyObject | undefined;
  /** The server's NetID, lowercase: what a license must name. */
  readonly netId: string;

  constructor(
    private readonly db: Db,
    opts: { publicKey: string | undefined; netId: string },
    private readonly now: () => number = Date.now,
  ) {
    this.key = opts.publicKey ? publicKeyFrom(opts.publicKey) : undefined;
    this.netId = opts.netId.toLowerCase();
  }

  get unlimited(): boolean {
    return this.key === undefined;
  }

  /** Judges a license text for this server without storing it. */
  judge(text: string) {
    if (!this.key) return undefined;
    return judgeLicense(text, this.key, { netId: this.netId, now: this.now() });
  }

  async standing(db: Tx = this.db): Promise<Standing> {
    const stored = await readStoredLicense(db);
    const tokenSet = stored.tokenHash !== undefined;
    const base = { unlimited: this.unlimited, tokenSet, problem: null, payload: undefined };
    if (!stored.license) return { ...base, state: 'none' };
    const j = this.judge(stored.license);
    if (!j) return { ...base, state: 'none' };
    return j.state === 'invalid'
      ? { ...base, state: 'invalid', problem: j.problem, payload: j.payload }
      : { ...base, state: j.state, payload: j.payload };
  }

  /** Devices and gateways of every owner. */
  async usage(db: Tx = this.db): Promise<{ devices: number; gateways: number }> {
    const [d] = await db.select({ n: count() }).from(devices);
    const [g] = await db.select({ n: count() }).from(gateways);
    return { devices: Number(d?.n ?? 0), gateways: Number(g?.n ?? 0) };
  }

  async status(): Promise<LicenseStatus> {
    const s = await this.standing();
    // A license for another network is still signed: what it says is shown, so the admin sees why.
    const p = s.payload;
    return {
      mode: s.unlimited ? 'unlimited' : 'licensed',
      state: s.state,
      problem: s.problem,
      licensee: p?.licensee ?? null,
      nwID: p ? p.nwID.toLowerCase() : null,
      quotas: p ? { devices: p.devices, gateways: p.gateways } : null,
      issuedAt: p?.issuedAt ?? null,
      expiresAt: p?.expiresAt ?? null,
      netID: this.netId,
      usage: await this.usage(),
      tokenSet: s.tokenSet,
    };
  }

  /** The user-info view: valid unless licensed mode has no valid license. */
  async forUser(): Promise<{ valid: boolean; expiresAt: number | null }> {
    if (this.unlimited) return { valid: true, expiresAt: null };
    const s = await this.standing();
    return { valid: s.state === 'valid', expiresAt: s.payload?.expiresAt ?? null };
  }

  /** Common users sign in only under a valid license (13001/13002); admins always, to fix it. */
  async admitSignIn(admin: boolean): Promise<void> {
    if (admin || this.unlimited) return;
    const err = refusal(await this.standing());
    if (err) throw err;
  }

  /**
   * Call inside the transaction that inserts: refuses (13001/13002) without a valid license, and
   * past the license's quotas (4005 devices, 5005 gateways) counting every owner's rows. Nothing
   * is checked in unlimited mode.
   */
  async admit(tx: Tx, adding: { devices?: number; gateways?: number }): Promise<void> {
    if (this.unlimited) return;
    const s = await this.standing(tx);
    const err = refusal(s);
    if (err) throw err;
    const quotas = s.payload!;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_ID})`);
    const have = await this.usage(tx);
    const d = adding.devices ?? 0;
    const g = adding.gateways ?? 0;
    if (d > 0 && have.devices + d > quotas.devices) {
      throw new DomainError(
        C.DEVICE_QUOTA,
        `the license allows ${quotas.devices} devices, the platform has ${have.devices}, adding ${d}`,
      );
    }
    if (g > 0 && have.gateways + g > quotas.gateways) {
      throw new DomainError(
        C.GATEWAY_QUOTA,
        `the license allows ${quotas.gateways} gateways, the platform has ${have.gateways}, adding ${g}`,
      );
    }
  }

  /** Stores the license and the token's hash; refuses (nothing stored) unless the license is valid here. */
  async install(license: string, token: string): Promise<void> {
    const j = this.judge(license);
    if (!j)
      throw new DomainError(C.LICENSE_INVALID, 'LICENSE_PUBLIC_KEY is not set: the platform is unlimited', 'license');
    if (j.state === 'expired') throw new DomainError(C.LICENSE_EXPIRED, 'the license has expired', 'license');
    if (j.state === 'invalid') {
      const why =
        j.problem === 'network'
          ? `the license is for NetID ${j.payload?.nwID}, this server is ${this.netId}`
          : `the license is invalid (${j.problem})`;
      throw new DomainError(C.LICENSE_INVALID, why, 'license');
    }
    await writeStoredLicense(this.db, license.replace(/\s+/g, ''), hashToken(token));
  }

  /** True when `token` is the one set with the license (compared by hash, in constant time). */
  async tokenMatches(token: string): Promise<boolean> {
    const { tokenHash } = await readStoredLicense(this.db);
    if (!tokenHash) return false;
    const a = Buffer.from(hashToken(token), 'hex');
    const b = Buffer.from(tokenHash, 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
