import { randomBytes } from 'node:crypto';
import { CAPTCHA, type CaptchaChallenge } from '@lns/contract/auth';
import { drawPuzzle } from './captcha-image';
import type { LoginStore } from './login-store';

const challengeKey = (id: string) => `captcha:${id}`;
const ticketKey = (ticket: string) => `ticket:${ticket}`;

/**
 * Issues slide-puzzle challenges and single-use tickets. A challenge may be answered once
 * (right or wrong); a passed challenge yields a ticket good for one login within 2 minutes.
 * Both live in the login store, so any instance can check what another issued.
 */
export class CaptchaService {
  constructor(private readonly store: LoginStore) {}

  async issue(): Promise<CaptchaChallenge> {
    const { background, piece, gapX, gapY } = drawPuzzle(CAPTCHA.width, CAPTCHA.height, CAPTCHA.piece);
    const id = randomBytes(16).toString('base64url');
    await this.store.put(challengeKey(id), String(gapX), CAPTCHA.challengeTtlMs);
    return {
      id,
      background: `data:image/png;base64,${background.toString('base64')}`,
      piece: `data:image/png;base64,${piece.toString('base64')}`,
      y: gapY,
      width: CAPTCHA.width,
      height: CAPTCHA.height,
      pieceSize: CAPTCHA.piece,
    };
  }

  /** Returns a ticket when x lands on the gap and the track looks like a human drag. */
  async check(id: string, x: number, track: [number, number, number][]): Promise<string | null> {
    const gap = await this.store.take(challengeKey(id));
    if (gap === null) return null;
    if (Math.abs(x - Number(gap)) > CAPTCHA.tolerance) return null;
    if (!plausibleTrack(track)) return null;
    const ticket = randomBytes(24).toString('base64url');
    // Stored with its expiry time too: `redeem` can be asked about a later moment (tests).
    await this.store.put(ticketKey(ticket), String(Date.now() + CAPTCHA.ticketTtlMs), CAPTCHA.ticketTtlMs);
    return ticket;
  }

  /** Consumes a ticket: true once, within its lifetime. */
  async redeem(ticket: string | undefined, now = Date.now()): Promise<boolean> {
    if (!ticket) return false;
    const expires = await this.store.take(ticketKey(ticket));
    return expires !== null && Number(expires) >= now;
  }

  /** Test hook: where the gap of a pending challenge is. */
  async peekGap(id: string): Promise<number | undefined> {
    const gap = await this.store.peek(challengeKey(id));
    return gap === null ? undefined : Number(gap);
  }
}

/** A drag has several samples over some time with moving x; a single jump is a script. */
function plausibleTrack(track: [number, number, number][]): boolean {
  if (track.length < 3) return false;
  const duration = track[track.length - 1]![2] - track[0]![2];
  const distinctX = new Set(track.map((p) => Math.round(p[0]))).size;
  return duration >= 80 && distinctX >= 3;
}
