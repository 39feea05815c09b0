/** Limits of one decoder script, our own choice (also listed in docs/integrations.md). */
export const SCRIPT_LIMITS = {
  memoryBytes: 16 * 1024 * 1024,
  /** QuickJS's own stack check; the thread's stack (below) must be far larger for it to fire first. */
  stackBytes: 256 * 1024,
  threadStackMb: 8,
  /** Evaluating the script itself. */
  loadMs: 500,
  /** One decodeUplink call, checked inside QuickJS. */
  callMs: 100,
};

/** What a decoder script is given: The Things Stack / ChirpStack v4 `decodeUplink(input)` shape. */
export interface UplinkInput {
  bytes: number[];
  fPort: number;
  fCnt: number;
  devEUI: string;
  recvTime: string;
}
