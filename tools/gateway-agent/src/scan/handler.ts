/** frequencyScan: the range checked, the gateway's scanner run, one point per frequency. */
import { frequencyScanExtra } from '@lns/contract/gateway-agent';
import { SCAN_MAX_POINTS, scanFrequencies } from '@lns/contract/gateway-commands';
import { type Handler, parseExtra, RequestError, unsupported } from '../handler';
import type { Scanner } from './scanner';

/** Requests that use the concentrator exclude each other (restartPacketForwarder is one too). */
export const CONCENTRATOR_GROUP = 'concentrator';

export function scanHandler(scanner: Scanner | null): Handler {
  return {
    group: CONCENTRATOR_GROUP,
    run: async (ctx) => {
      if (!scanner) {
        throw unsupported(
          'this gateway has no SX1302/SX1303 concentrator to scan with (spectralScan is not set in its file)',
        );
      }
      const range = parseExtra(frequencyScanExtra, ctx.extra);
      if (range.frequencyMax < range.frequencyMin) throw new RequestError('frequencyMax is below frequencyMin');
      const frequencies = scanFrequencies(range);
      if (frequencies.length > SCAN_MAX_POINTS) throw new RequestError(`at most ${SCAN_MAX_POINTS} frequencies`);
      const points = await scanner({ frequencies, signal: ctx.signal, progress: ctx.progress });
      return { points };
    },
  };
}
