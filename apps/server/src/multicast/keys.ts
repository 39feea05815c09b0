import { randomBytes } from 'node:crypto';
import { mcAppSKey, mcNwkSKey } from '@lns/lorawan/applayer/ts005';
import type { GroupInput, GroupRecord } from './groups';

/**
 * With remote setup the server holds the group key (McKey) and the session keys follow from it
 * and McAddr (TS005). A new key is drawn unless `keep` is given (an update that keeps the group key).
 */
export function freshGroupKeys(mcAddr: string, keep?: string): { mcKey: string; mcAppSKey: string; mcNwkSKey: string } {
  const mcKey = keep ?? randomBytes(16).toString('hex');
  return { mcKey, mcAppSKey: mcAppSKey(mcKey, mcAddr), mcNwkSKey: mcNwkSKey(mcKey, mcAddr) };
}

/** Fields whose change makes every member's setup (or manual provisioning) out of date. */
const SETUP_FIELDS = [
  'mcAddr',
  'mcClass',
  'pingSlotPeriod',
  'groupId',
  'genAppKey',
  'enableRemote',
  'mcAppSKey',
  'mcNwkSKey',
  'region',
] as const satisfies readonly (keyof GroupInput)[];

export const needsRestart = (current: GroupRecord, next: GroupInput): boolean =>
  SETUP_FIELDS.some((f) => current[f] !== next[f]);
