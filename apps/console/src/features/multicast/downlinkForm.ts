import { MC_FPORT, type McDownlinkCreateBody } from '@lns/contract/multicast';
import { textToHex } from '../../lib/textHex';

/** The multicast downlink form (docs/product/multicast.md): port 1–128, data in hex or text; always unconfirmed. */
export interface McDownlinkForm {
  fPort: string;
  data: string;
  mode: 'hex' | 'text';
}

export const emptyMcForm: McDownlinkForm = { fPort: '', data: '', mode: 'hex' };

type Problem = { key: string; opts?: object };

/** Error keys (common:validation.*) per field; empty object = valid. */
export function validateMc(f: McDownlinkForm): Partial<Record<'fPort' | 'data', Problem>> {
  const errors: Partial<Record<'fPort' | 'data', Problem>> = {};
  const port = f.fPort.trim();
  if (!/^\d+$/.test(port) || Number(port) < MC_FPORT.min || Number(port) > MC_FPORT.max) {
    errors.fPort = { key: 'common:validation.range', opts: { min: MC_FPORT.min, max: MC_FPORT.max } };
  }
  const data = f.data.trim();
  if (data === '') errors.data = { key: 'common:validation.required' };
  else if (f.mode === 'hex' && !/^([0-9a-fA-F]{2})+$/.test(data)) errors.data = { key: 'common:validation.hexData' };
  return errors;
}

export function mcBody(mcEUI: string, f: McDownlinkForm): McDownlinkCreateBody {
  return {
    mcEUI,
    fPort: Number(f.fPort.trim()),
    data: f.mode === 'hex' ? f.data.trim().toLowerCase() : textToHex(f.data),
    confirmed: false,
  };
}
