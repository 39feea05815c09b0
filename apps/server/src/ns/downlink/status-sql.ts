import { DOWNLINK_STATUS as S } from '@lns/contract/frames';
import { sql } from 'drizzle-orm';

const literal = (n: number) => sql.raw(String(n));

/**
 * Downlink statuses for hand-written SQL. Inlined as literals, not bound as parameters, so that
 * the planner can still match the partial index of pending downlinks (downlinks_pending_idx).
 */
export const STATUS_SQL = {
  ENQUEUED: literal(S.ENQUEUED),
  SENT: literal(S.SENT),
  SENT_OK: literal(S.SENT_OK),
  CONFIRMED: literal(S.CONFIRMED),
  TIMEOUT: literal(S.TIMEOUT),
};
