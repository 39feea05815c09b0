import { LOGIN_THROTTLE as T } from '@lns/contract/auth';
import { C } from '@lns/contract/codes';
import type { FastifyReply } from 'fastify';
import { DomainError } from '../errors';
import type { Backoff, LoginStore } from './login-store';

const BACKOFF: Backoff = { firstMs: T.firstDelayMs, maxMs: T.maxDelayMs, forgetMs: T.forgetMs };

/** The counters one sign-in attempt takes a slot in (scheme in LOGIN_THROTTLE). */
export interface AttemptKeys {
  accountAddress: string;
  address: string;
  account: string;
}

export const attemptKeys = (account: string, address: string): AttemptKeys => {
  const name = account.trim().toLowerCase();
  return {
    accountAddress: `try:acct-addr:${name}|${address}`,
    address: `try:addr:${address}`,
    account: `try:acct:${name}`,
  };
};

/**
 * Sign-in attempts counted BEFORE the password is checked: `begin` takes the slots or says how
 * long to wait; the caller then reports `succeeded` (slots given back) or leaves them counted as
 * a failure. Counters live in the login store, shared by every instance when REDIS_URL is set.
 */
export class LoginThrottle {
  constructor(private readonly store: LoginStore) {}

  /** 0 when the attempt may go on (its slots are taken), else milliseconds to wait. */
  async begin(k: AttemptKeys, now = Date.now()): Promise<number> {
    // Read apart from the atomic step: it only picks the free allowance, the bound itself is atomic.
    const underAttack = (await this.store.count(k.account)) >= T.accountCeiling;
    return this.store.reserve(
      [
        { key: k.accountAddress, free: underAttack ? T.underAttackFree : T.accountAddressFree },
        { key: k.address, free: T.addressFree },
        // Counted, never refusing: only the counters above refuse, so strangers cannot lock the owner out.
        { key: k.account, free: Number.POSITIVE_INFINITY },
      ],
      now,
      BACKOFF,
    );
  }

  /** The right password: the account's counters start afresh; the address only gets this attempt back. */
  async succeeded(k: AttemptKeys): Promise<void> {
    await this.store.clear(k.accountAddress);
    await this.store.clear(k.account);
    await this.store.release(k.address);
  }
}

/** The refusal for a wait from `begin`: code 2104 (HTTP 429) with Retry-After in seconds. */
export function throttled(reply: FastifyReply, waitMs: number): DomainError {
  const seconds = Math.ceil(waitMs / 1000);
  reply.header('retry-after', seconds);
  return new DomainError(C.SIGN_IN_THROTTLED, `retry in ${seconds} s`);
}
