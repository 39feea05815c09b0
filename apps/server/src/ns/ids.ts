import { randomBytes } from 'node:crypto';

/** Message id: 16 hex digits, random (unique enough per device and time, never reused in practice). */
export const newMsgId = (): string => randomBytes(8).toString('hex');
