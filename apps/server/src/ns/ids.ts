import { randomHex } from '../random-hex';

/** Message id: 16 hex digits, random (unique enough per device and time, never reused in practice). */
export const newMsgId = (): string => randomHex(8);
