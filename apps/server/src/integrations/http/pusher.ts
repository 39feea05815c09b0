import type { FastifyBaseLogger } from 'fastify';
import type { IntegrationMetrics } from '../metrics';
import { PushBlockedError } from './address-policy';
import type { PushClient } from './post';

export interface PushOptions {
  /** Messages waiting per endpoint; when full the oldest is dropped (and counted). */
  queueLimit: number;
  /** Requests in flight per endpoint while it is healthy (one while it is failing). */
  concurrency: number;
  timeoutMs: number;
  /** Tries per message, the first included. */
  maxAttempts: number;
  /** First back-off after a failure; doubles per consecutive failure up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
}

export const DEFAULT_PUSH_OPTIONS: PushOptions = {
  queueLimit: 1000,
  concurrency: 4,
  timeoutMs: 5000,
  maxAttempts: 4,
  retryBaseMs: 1000,
  retryMaxMs: 60_000,
};

export type PushTarget = 'application' | 'gateway';

interface Job {
  target: PushTarget;
  headers: Record<string, string>;
  body: string;
  attempts: number;
}

/** One push URL: its own queue, so a slow or dead endpoint only delays itself. */
class Endpoint {
  jobs: Job[] = [];
  head = 0;
  inflight = 0;
  /** Current back-off (0 while healthy) and when the next try may start. */
  delay = 0;
  until = 0;
  timer: NodeJS.Timeout | undefined;
  failures = 0;
  dropped = 0;
  lastWarn = 0;

  constructor(readonly url: string) {}

  get size() {
    return this.jobs.length - this.head;
  }
  shift(): Job | undefined {
    const job = this.jobs[this.head++];
    if (this.head > 1024 && this.head * 2 > this.jobs.length) {
      this.jobs = this.jobs.slice(this.head);
      this.head = 0;
    }
    return job;
  }
  unshift(job: Job) {
    if (this.head > 0) this.jobs[--this.head] = job;
    else this.jobs.unshift(job);
  }
}

const WARN_EVERY_MS = 30_000;

/**
 * HTTP push with a bounded queue per endpoint, timeouts, retries with exponential back-off and
 * drop-oldest. `push` never waits: the uplink pipeline hands a message over and moves on.
 */
export class HttpPusher {
  readonly options: PushOptions;
  private readonly endpoints = new Map<string, Endpoint>();
  private closed = false;
  private readonly aborts = new Set<AbortController>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly metrics: IntegrationMetrics,
    private readonly client: PushClient,
    options: Partial<PushOptions> = {},
  ) {
    this.options = { ...DEFAULT_PUSH_OPTIONS, ...options };
  }

  push(target: PushTarget, url: string, headers: Record<string, string>, payload: unknown): void {
    if (this.closed) return;
    let ep = this.endpoints.get(url);
    if (!ep) {
      ep = new Endpoint(url);
      this.endpoints.set(url, ep);
    }
    if (ep.size >= this.options.queueLimit) {
      ep.shift();
      this.drop(ep, 'queue_full');
    } else this.metrics.pushQueued.inc();
    ep.jobs.push({ target, headers, body: JSON.stringify(payload), attempts: 0 });
    this.pump(ep);
  }

  /** Messages waiting for one URL (tests, diagnostics). */
  queued(url: string): number {
    return this.endpoints.get(url)?.size ?? 0;
  }

  close(): void {
    this.closed = true;
    for (const ep of this.endpoints.values()) clearTimeout(ep.timer);
    for (const a of this.aborts) a.abort();
    this.endpoints.clear();
    this.client.close();
  }

  private pump(ep: Endpoint): void {
    while (!this.closed && ep.size > 0) {
      // A failing endpoint gets one probe at a time, after its back-off.
      const limit = ep.delay > 0 ? 1 : this.options.concurrency;
      if (ep.inflight >= limit) return;
      const wait = ep.until - Date.now();
      if (wait > 0) {
        if (!ep.timer)
          ep.timer = setTimeout(() => {
            ep.timer = undefined;
            this.pump(ep);
          }, wait);
        return;
      }
      const job = ep.shift()!;
      this.metrics.pushQueued.dec();
      ep.inflight++;
      void this.send(ep, job).finally(() => {
        ep.inflight--;
        this.pump(ep);
      });
    }
  }

  private async send(ep: Endpoint, job: Job): Promise<void> {
    job.attempts++;
    const abort = new AbortController();
    this.aborts.add(abort);
    const timer = setTimeout(() => abort.abort(new Error('timeout')), this.options.timeoutMs);
    const end = this.metrics.pushDuration.startTimer();
    let result: 'ok' | 'http_error' | 'network_error' | 'timeout' | 'blocked';
    let detail: string;
    let retry = true;
    try {
      const status = await this.client.post(ep.url, job.headers, job.body, abort.signal);
      result = status >= 200 && status < 300 ? 'ok' : 'http_error';
      detail = `HTTP ${status}`;
      // Other 4xx answers will not change on a retry.
      retry = status >= 500 || status === 408 || status === 429;
    } catch (err) {
      const blocked = err instanceof PushBlockedError;
      result = blocked ? 'blocked' : abort.signal.aborted ? 'timeout' : 'network_error';
      detail = abort.signal.aborted ? `no answer within ${this.options.timeoutMs} ms` : (err as Error).message;
      // The address will not become public on a retry.
      retry = !blocked;
    } finally {
      clearTimeout(timer);
      this.aborts.delete(abort);
      end();
    }
    if (this.closed) return;
    this.metrics.pushRequests.inc({ target: job.target, result });
    if (result === 'ok') {
      if (ep.failures > 0)
        this.log.info({ url: ep.url, failures: ep.failures, dropped: ep.dropped }, 'push endpoint recovered');
      ep.delay = 0;
      ep.until = 0;
      ep.failures = 0;
      ep.dropped = 0;
      return;
    }
    ep.failures++;
    const o = this.options;
    ep.delay = Math.min(ep.delay ? ep.delay * 2 : o.retryBaseMs, o.retryMaxMs);
    ep.until = Date.now() + ep.delay;
    const again = retry && job.attempts < o.maxAttempts;
    if (again) {
      if (ep.size >= o.queueLimit) this.drop(ep, 'queue_full');
      else {
        ep.unshift(job);
        this.metrics.pushQueued.inc();
      }
    } else this.drop(ep, result === 'blocked' ? 'blocked' : 'failed');
    const now = Date.now();
    if (now - ep.lastWarn >= WARN_EVERY_MS) {
      ep.lastWarn = now;
      this.log.warn(
        {
          url: ep.url,
          error: detail,
          attempts: job.attempts,
          failures: ep.failures,
          dropped: ep.dropped,
          queued: ep.size,
        },
        `push to ${ep.url} failed (${detail}); ${again ? `retrying in ${ep.delay} ms` : 'message dropped'}`,
      );
    }
  }

  private drop(ep: Endpoint, reason: 'queue_full' | 'failed' | 'blocked') {
    ep.dropped++;
    this.metrics.pushDropped.inc({ reason });
  }
}
