import { C } from '@lns/contract/codes';
import { FUOTA_DEVICE_STATE as D, FUOTA, FUOTA_SESSION_STATE as S, statusWaitS } from '@lns/contract/fuota';
import { MC_SETUP } from '@lns/contract/multicast';
import { ts004 } from '@lns/lorawan/applayer/ts004';
import { fecEncode } from '@lns/lorawan/applayer/ts004-fec';
import { getRegion } from '@lns/lorawan/regions';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { mcGroups } from '../../db/schema/multicast';
import { DomainError } from '../../errors';
import { fragmentIntervalMs } from '../../fuota/plan';
import type { GroupRecord } from '../../multicast/groups';
import { sendMulticast } from '../multicast/send';
import type { Stage } from '../stage';
import {
  claimDueTask,
  type DeviceRecord,
  devicesOf,
  enterState,
  imageOf,
  nextDueTime,
  saveStep,
  sendToDevice,
  setDevices,
  stillQueued,
  type TaskRecord,
  tookPart,
  waiting,
} from './tasks';

/** The runner looks for due tasks at least this often (answers arrive through uplinks meanwhile). */
const POLL_MS = 1_000;
/**
 * Steps run back to back for at most this long, then the runner yields: on PGlite the queries of a
 * step do not let sockets and timers run, and a fragment interval shorter than a step would
 * otherwise keep it going (no uplinks read, no HTTP answered) until the last fragment.
 */
const TICK_BUDGET_MS = 50;
/** A unicast request that left without an answer within this time is sent again. */
const RETRY_MS = 30_000;
/** While no gateway of the group is connected, sending is tried again this often. */
const NO_GATEWAY_RETRY_MS = 5_000;
const SESSION_MS = 2 ** MC_SETUP.timeoutExp * 1000;

const eui = (d: DeviceRecord) => d.devEui;

/**
 * Runs FUOTA sessions (docs/protocols/fuota.md): each step of a task's state machine, one task at a
 * time, under a lease so that any instance can go on after another stopped. Devices' answers are
 * written by the uplink path (answers.ts); the runner reads them on its next look.
 */
export class FuotaRunner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  /** The fragments of the tasks this instance sends, encoded once. */
  private readonly fragments = new Map<number, Uint8Array[]>();

  constructor(private readonly dp: Stage) {}

  start(): void {
    this.stopped = false;
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Looks at the tasks now (after a create or an abort). */
  wake(): void {
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.running) return this.schedule(10);
      this.running = this.tick().finally(() => {
        this.running = undefined;
      });
    }, ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    let next = POLL_MS;
    const started = performance.now();
    try {
      for (
        let task = await claimDueTask(this.dp.db, Date.now());
        task;
        task = await claimDueTask(this.dp.db, Date.now())
      ) {
        if (this.stopped) return;
        await this.step(task).catch(async (err) => {
          this.dp.log.error({ err, fdID: task!.fdId }, 'FUOTA step');
          await saveStep(this.dp.db, task!, { nextStepTime: Date.now() + NO_GATEWAY_RETRY_MS });
        });
        if (performance.now() - started > TICK_BUDGET_MS) {
          next = 0;
          return;
        }
      }
      const due = await nextDueTime(this.dp.db);
      if (due !== undefined) next = Math.max(0, Math.min(POLL_MS, due - Date.now()));
    } catch (err) {
      this.dp.log.error({ err }, 'FUOTA runner');
    } finally {
      this.schedule(next);
    }
  }

  private async step(t: TaskRecord): Promise<void> {
    const [group] = await this.dp.db.select().from(mcGroups).where(eq(mcGroups.mcEui, t.mcEui));
    if (!group) return void (await this.finish(t, 'the multicast group was deleted'));
    const devices = await devicesOf(this.dp.db, t.fdId);
    switch (t.state) {
      case S.CREATED:
        return this.awaitJoined(t, group, devices);
      case S.SEND_FRAG_SESS_SETUP:
        return this.setup(t, group, devices);
      case S.ENQUEUE_FRAGMENT:
        return this.sendFragment(t, group);
      case S.SEND_FRAG_SESS_STATUS:
        return this.askStatus(t, group, devices);
      case S.SEND_FRAG_SESS_DEL:
        return this.deleteSessions(t, devices);
      case S.CLEANUP:
        return this.cleanup(t, devices);
    }
  }

  private wait = () => this.dp.config.FUOTA_ANSWER_WAIT_S * 1000;

  /** 0: waits until the members run the group's multicast session. */
  private async awaitJoined(t: TaskRecord, group: GroupRecord, devices: DeviceRecord[]): Promise<void> {
    const db = this.dp.db;
    const now = Date.now();
    const joined = group.enableRemote
      ? rowsOf(
          await db.execute(sql`SELECT dev_eui FROM mc_devices WHERE mc_eui = ${group.mcEui} AND sync_state = 'joined'`),
        ).map((r) => String(r.dev_eui))
      : devices.map(eui);
    const newly = waiting(devices, D.MC_NOT_JOINED).filter((d) => joined.includes(d.devEui));
    await setDevices(db, t.fdId, newly.map(eui), { state: D.MC_JOINED });
    const notYet = waiting(devices, D.MC_NOT_JOINED).filter((d) => !joined.includes(d.devEui));
    const ends = t.stepEnds ?? now + this.wait();
    if (notYet.length > 0 && now < ends)
      return void (await saveStep(db, t, { stepEnds: ends, nextStepTime: now + POLL_MS }));
    await setDevices(db, t.fdId, notYet.map(eui), { errorMessage: 'not joined to the multicast session' });
    if (!devices.some((d) => joined.includes(d.devEui)))
      return void (await this.finish(t, 'no member joined the multicast session'));
    await enterState(db, t, S.SEND_FRAG_SESS_SETUP);
  }

  /** 1: FragSessionSetupReq to each joined device, then their answers. */
  private async setup(t: TaskRecord, group: GroupRecord, devices: DeviceRecord[]): Promise<void> {
    const pending = waiting(devices, D.MC_JOINED);
    const request = {
      type: 'FragSessionSetupReq' as const,
      fragIndex: FUOTA.fragIndex,
      mcGroupBitMask: group.enableRemote && group.groupId < 4 ? 1 << group.groupId : 0b1111,
      nbFrag: t.nbFrag,
      fragSize: t.fragSize,
      fragAlgo: FUOTA.fragAlgo,
      blockAckDelay: FUOTA.blockAckDelay,
      padding: t.padding,
      descriptor: t.digest.slice(0, 8),
    };
    const done = await this.unicastStep(t, pending, request, 'no answer to the setup');
    if (!done) return;
    const accepted = (await devicesOf(this.dp.db, t.fdId)).filter((d) => d.state === D.FRAG_SESSION_SETUP_ANS);
    if (accepted.length === 0) return void (await this.finish(t, 'no device accepted the fragmentation session'));
    await enterState(this.dp.db, t, S.ENQUEUE_FRAGMENT);
  }

  /**
   * Sends a unicast request to devices that wait for it (again when one left unanswered for a while)
   * until they all answered or the wait is over; then marks the silent ones. True when the step is over.
   */
  private async unicastStep(
    t: TaskRecord,
    pending: DeviceRecord[],
    request: Parameters<typeof sendToDevice>[2],
    silent: string,
  ): Promise<boolean> {
    const db = this.dp.db;
    const now = Date.now();
    const ends = t.stepEnds ?? now + this.wait();
    if (pending.length > 0 && now < ends) {
      const queued = await stillQueued(db, pending.map(eui));
      const due = pending.filter((d) => !queued.has(d.devEui) && (d.attempts === 0 || now - d.updatedAt >= RETRY_MS));
      for (const d of due) {
        await sendToDevice(this.dp, d.devEui, request);
        await setDevices(db, t.fdId, [d.devEui], { attempts: d.attempts + 1 });
      }
      await saveStep(db, t, { stepEnds: ends, nextStepTime: now + POLL_MS });
      return false;
    }
    // A device keeps the first thing that went wrong with it.
    for (const d of pending) await setDevices(db, t.fdId, [d.devEui], { errorMessage: d.errorMessage ?? silent });
    return true;
  }

  /** 2: one fragment per interval as a multicast frame, once the members' session has started. */
  private async sendFragment(t: TaskRecord, group: GroupRecord): Promise<void> {
    const db = this.dp.db;
    const now = Date.now();
    if (t.stepEnds === null) {
      // The members' class C/B session starts MC_SESSION_LEAD_S after its request: wait for the last one.
      const starts = rowsOf(
        await db.execute(
          sql`SELECT max(session_ends) AS e FROM mc_devices WHERE mc_eui = ${group.mcEui} AND session_ends IS NOT NULL`,
        ),
      );
      const start = starts[0]?.e === null || starts[0]?.e === undefined ? now : Number(starts[0].e) - SESSION_MS;
      return void (await saveStep(db, t, { stepEnds: now + this.wait(), nextStepTime: Math.max(now, start + 500) }));
    }
    const frags = await this.fragmentsOf(t);
    const n = t.fragsSent + 1;
    const data = ts004.encode({ type: 'DataFragment', fragIndex: FUOTA.fragIndex, n, data: frags[n - 1]! });
    if (!(await this.multicast(t, group, data))) return;
    if (n < frags.length) {
      const interval = fragmentIntervalMs(
        getRegion(group.region),
        t.fragSize,
        this.dp.config.FUOTA_FRAGMENT_INTERVAL_MS,
      );
      await saveStep(db, t, {
        fragsSent: n,
        nextStepTime: now + interval,
        stepEnds: now + this.wait(),
        errorMessage: null,
      });
      return;
    }
    this.fragments.delete(t.fdId);
    await enterState(db, t, S.SEND_FRAG_SESS_STATUS, { fragsSent: n, errorMessage: null });
  }

  /** 3: FragSessionStatusReq to the group; every device answers after its random delay. */
  private async askStatus(t: TaskRecord, group: GroupRecord, devices: DeviceRecord[]): Promise<void> {
    const db = this.dp.db;
    const now = Date.now();
    const pending = waiting(devices, D.FRAG_SESSION_SETUP_ANS);
    if (t.stepEnds === null) {
      const req = ts004.encode({ type: 'FragSessionStatusReq', participants: true, fragIndex: FUOTA.fragIndex });
      if (!(await this.multicast(t, group, req))) return;
      const ends = now + statusWaitS(FUOTA.blockAckDelay) * 1000;
      return void (await saveStep(db, t, { stepEnds: ends, nextStepTime: now + POLL_MS, errorMessage: null }));
    }
    if (pending.length > 0 && now < t.stepEnds) return void (await saveStep(db, t, { nextStepTime: now + POLL_MS }));
    await setDevices(db, t.fdId, pending.map(eui), { errorMessage: 'no status answer' });
    await enterState(db, t, S.SEND_FRAG_SESS_DEL);
  }

  /** 4: FragSessionDeleteReq to each device that holds the session (attempts were reset when it answered the setup). */
  private async deleteSessions(t: TaskRecord, devices: DeviceRecord[]): Promise<void> {
    const request = { type: 'FragSessionDeleteReq' as const, fragIndex: FUOTA.fragIndex };
    if (await this.unicastStep(t, devices.filter(tookPart), request, 'no answer to the delete'))
      await enterState(this.dp.db, t, S.CLEANUP);
  }

  /** 5: devices that rebuilt the image and closed the session are done. */
  private async cleanup(t: TaskRecord, devices: DeviceRecord[]): Promise<void> {
    const done = devices.filter((d) => d.state === D.FRAG_SESS_DEL_ANS && d.nbFragMissing === 0 && !d.errorMessage);
    await setDevices(this.dp.db, t.fdId, done.map(eui), { state: D.DONE });
    const error = t.errorMessage ?? (done.length === 0 ? 'no device rebuilt the image' : null);
    await saveStep(this.dp.db, t, { state: S.DONE, errorMessage: error, stepEnds: null });
  }

  /** Ends a task before any device holds a session. */
  private async finish(t: TaskRecord, error: string): Promise<void> {
    this.fragments.delete(t.fdId);
    await saveStep(this.dp.db, t, { state: S.DONE, errorMessage: error, stepEnds: null });
  }

  /** Sends one frame to the group; false (and tried again later) while none of its gateways is connected. */
  private async multicast(t: TaskRecord, group: GroupRecord, data: Buffer): Promise<boolean> {
    try {
      await sendMulticast(this.dp, group, { fPort: FUOTA.port, data: data.toString('hex') });
      return true;
    } catch (err) {
      if (!(err instanceof DomainError) || err.code !== C.MC_GATEWAY_MISSING) throw err;
      const now = Date.now();
      const ends = t.stepEnds ?? now + this.wait();
      if (now >= ends) {
        // Devices may hold a session already: they are told to delete it.
        await enterState(this.dp.db, t, S.SEND_FRAG_SESS_DEL, { errorMessage: err.detail ?? 'no gateway' });
        return false;
      }
      await saveStep(this.dp.db, t, {
        stepEnds: ends,
        nextStepTime: now + NO_GATEWAY_RETRY_MS,
        errorMessage: err.detail,
      });
      return false;
    }
  }

  private async fragmentsOf(t: TaskRecord): Promise<Uint8Array[]> {
    let frags = this.fragments.get(t.fdId);
    if (!frags) {
      frags = fecEncode(await imageOf(this.dp.db, t.fdId), t.fragSize, t.redundancy).fragments;
      this.fragments.set(t.fdId, frags);
    }
    return frags;
  }
}
