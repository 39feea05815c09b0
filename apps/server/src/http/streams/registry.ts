import { STREAM_CLOSE } from '@lns/contract/streams';
import type { FastifyBaseLogger } from 'fastify';
import { type LiveQuery, type LiveRows, liveRows } from '../../auth/live-check';
import { onAuthRevoked, onEntityDeleted, type RevocationBuses } from '../../auth/revocation';
import type { EntityDeleted, Revocation } from '../../bus/events';
import type { Db } from '../../db/client';
import { maySee } from '../../db/ownership';
import type { StreamBinding } from './access';
import { streamLimits } from './client';

/** Close reason of a stream ended or refused because live streams are switched off. */
export const STREAMS_OFF_REASON = 'live streams are switched off';

/** Where the live-stream switch comes from (ns/settings.ts DataSettingsCache). */
export interface LiveSwitch {
  onChange(fn: (v: { enableWebsocket: boolean }) => void): () => void;
}

/** An accepted stream and what allowed it. */
export interface OpenStream {
  close(code: number, reason: string): void;
  /** How it was opened: an API token (`lns_…`) or a session token, kept only as its hash. */
  credential: { kind: 'api'; token: string } | { kind: 'session' };
  /** SHA-256 of the token, the key revocation events name it by. */
  tokenHash: string;
  userId: number;
  binding: StreamBinding;
  /**
   * A live data stream (http/streams/routes.ts), which the platform's WebSocket switch ends. The
   * gateway web shell is tracked here too, for revocation, but is an admin tool: not flagged.
   */
  liveStream?: true;
}

type Verdict = { code: number; reason: string } | undefined;

/** Why a stream may not go on, judged against what the database holds now. */
export function verdict(s: OpenStream, live: LiveRows): Verdict {
  const who = s.credential.kind === 'api' ? live.apiTokens.get(s.credential.token) : live.sessions.get(s.tokenHash);
  if (!who || who.userId !== s.userId) return { code: STREAM_CLOSE.REVOKED, reason: 'credential revoked' };
  const b = s.binding;
  const row =
    b.kind === 'device'
      ? live.devices.get(b.devEUI)
      : b.kind === 'gateway'
        ? live.gateways.get(b.gwID)
        : live.applications.get(b.appID);
  if (!row || (b.kind !== 'application' && 'createdAt' in row && row.createdAt !== b.createdAt)) {
    return { code: STREAM_CLOSE.GONE, reason: `${b.kind} deleted` };
  }
  if (!maySee({ id: who.userId, admin: who.admin }, row.ownerId))
    return { code: STREAM_CLOSE.FORBIDDEN, reason: 'access withdrawn' };
  return undefined;
}

const gone = (b: StreamBinding, e: EntityDeleted) =>
  (b.kind === 'device' && (e.devices?.includes(b.devEUI) || e.applications?.includes(b.appId))) ||
  (b.kind === 'gateway' && e.gateways?.includes(b.gwID)) ||
  (b.kind === 'application' && e.applications?.includes(b.appID));

/**
 * Every open stream of this instance, each tied to the token that opened it and the row it
 * watches. Ends them on revocation and deletion events (at once, from any instance) and, in case
 * an event was missed, re-checks them all every `streamLimits.revalidateMs` in one query.
 */
export class StreamRegistry {
  private readonly open = new Set<OpenStream>();
  private timer?: NodeJS.Timeout;
  private timerMs = 0;
  private sweeping?: Promise<void>;
  private stopped = false;
  private readonly offs: (() => void)[];

  constructor(private readonly s: RevocationBuses & { db: Db; log: FastifyBaseLogger }) {
    this.offs = [onAuthRevoked(s, (r) => this.revoked(r)), onEntityDeleted(s, (e) => this.deleted(e))];
  }

  /** Tracks a stream until the returned function is called (when its socket closes). */
  add(stream: OpenStream): () => void {
    this.open.add(stream);
    this.schedule();
    return () => void this.open.delete(stream);
  }

  /**
   * Ends every open stream whenever live streams are switched off (platform config
   * `enableWebsocket`, on any instance: the settings cache follows the bus). New ones are refused
   * by the stream route. Returns the stop.
   */
  endWhenSwitchedOff(switches: LiveSwitch): () => void {
    return switches.onChange((v) => {
      if (v.enableWebsocket) return;
      for (const st of [...this.open]) if (st.liveStream) this.end(st, STREAM_CLOSE.DISABLED, STREAMS_OFF_REASON);
    });
  }

  /** Checks every open stream now (the periodic sweep; tests call it directly). */
  sweep(): Promise<void> {
    this.sweeping ??= this.check([...this.open]).finally(() => {
      this.sweeping = undefined;
    });
    return this.sweeping;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const off of this.offs) off();
  }

  private schedule(): void {
    const ms = streamLimits.revalidateMs;
    // A pending round on a longer interval gives way to a shorter one (tests shorten it).
    if (this.stopped || (this.timer && this.timerMs <= ms) || this.open.size === 0) return;
    clearTimeout(this.timer);
    this.timerMs = ms;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.sweep().finally(() => this.schedule());
    }, ms);
    this.timer.unref();
  }

  private async check(streams: OpenStream[]): Promise<void> {
    if (streams.length === 0) return;
    const q = {
      sessions: [] as string[],
      apiTokens: [] as string[],
      applications: [] as number[],
      devices: [] as string[],
      gateways: [] as string[],
    } satisfies LiveQuery;
    for (const st of streams) {
      if (st.credential.kind === 'api') q.apiTokens.push(st.credential.token);
      else q.sessions.push(st.tokenHash);
      const b = st.binding;
      if (b.kind === 'device') q.devices.push(b.devEUI);
      else if (b.kind === 'gateway') q.gateways.push(b.gwID);
      else q.applications.push(b.appID);
    }
    let live: LiveRows;
    try {
      live = await liveRows(this.s.db, q);
    } catch (err) {
      // Keep the streams and try again next round: a database hiccup must not drop every viewer.
      this.s.log.warn({ err }, 'live stream re-check failed');
      return;
    }
    for (const st of streams) {
      const v = this.open.has(st) ? verdict(st, live) : undefined;
      if (v) this.end(st, v.code, v.reason);
    }
  }

  private end(st: OpenStream, code: number, reason: string): void {
    this.open.delete(st);
    st.close(code, reason.slice(0, 120));
  }

  private revoked(r: Revocation): void {
    if (!r || typeof r.userId !== 'number') return;
    if (r.tokenHash) {
      for (const st of this.open)
        if (st.tokenHash === r.tokenHash) this.end(st, STREAM_CLOSE.REVOKED, `credential revoked: ${r.reason}`);
      return;
    }
    // Password, admin flag or deletion: whatever the user still may, the database says.
    void this.check([...this.open].filter((st) => st.userId === r.userId));
  }

  private deleted(e: EntityDeleted): void {
    if (!e || typeof e !== 'object') return;
    for (const st of this.open) if (gone(st.binding, e)) this.end(st, STREAM_CLOSE.GONE, `${st.binding.kind} deleted`);
  }
}
