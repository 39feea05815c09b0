import { randomBytes } from 'node:crypto';
import { CAPTCHA, type CaptchaChallenge } from '@lns/contract/auth';
import { drawPuzzle } from './captcha-image';

type Pending = { gapX: number; expires: number };

/**
 * Issues slide-puzzle challenges and single-use tickets. A challenge may be answered once
 * (right or wrong); a passed challenge yields a ticket good for one login within 2 minutes.
 */
export class CaptchaService {
  private readonly challenges = new Map<string, Pending>();
  private readonly tickets = new Map<string, number>();

  issue(now = Date.now()): CaptchaChallenge {
    this.prune(now);
    const { background, piece, gapX, gapY } = drawPuzzle(CAPTCHA.width, CAPTCHA.height, CAPTCHA.piece);
    const id = randomBytes(16).toString('base64url');
    this.challenges.set(id, { gapX, expires: now + CAPTCHA.challengeTtlMs });
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
  check(id: string, x: number, track: [number, number, number][], now = Date.now()): string | null {
    const pending = this.challenges.get(id);
    this.challenges.delete(id);
    if (!pending || pending.expires < now) return null;
    if (Math.abs(x - pending.gapX) > CAPTCHA.tolerance) return null;
    if (!plausibleTrack(track)) return null;
    const ticket = randomBytes(24).toString('base64url');
    this.tickets.set(ticket, now + CAPTCHA.ticketTtlMs);
    return ticket;
  }

  /** Consumes a ticket: true once, within its lifetime. */
  redeem(ticket: string | undefined, now = Date.now()): boolean {
    if (!ticket) return false;
    const expires = this.tickets.get(ticket);
    this.tickets.delete(ticket);
    return expires !== undefined && expires >= now;
  }

  /** Test hook: where the gap of a pending challenge is. */
  peekGap(id: string): number | undefined {
    return this.challenges.get(id)?.gapX;
  }

  private prune(now: number): void {
    for (const [k, v] of this.challenges) if (v.expires < now) this.challenges.delete(k);
    for (const [k, v] of this.tickets) if (v < now) this.tickets.delete(k);
  }
}

/** A drag has several samples over some time with moving x; a single jump is a script. */
function plausibleTrack(track: [number, number, number][]): boolean {
  if (track.length < 3) return false;
  const duration = track[track.length - 1]![2] - track[0]![2];
  const distinctX = new Set(track.map((p) => Math.round(p[0]))).size;
  return duration >= 80 && distinctX >= 3;
}
