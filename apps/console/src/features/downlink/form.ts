import type { DownlinkCreateBody } from '@lns/contract/dataplane';
import { textToHex } from '../../lib/textHex';

/** The downlink form's rules (docs/product/devices.md). */
export type DataMode = 'hex' | 'text';

export interface DownlinkForm {
  fport: string;
  data: string;
  mode: DataMode;
  confirmed: boolean;
  macCommands: boolean;
}

export const emptyForm: DownlinkForm = { fport: '', data: '', mode: 'hex', confirmed: false, macCommands: false };

/** Error keys (common:validation.*) per field; empty object = valid. */
export function validate(f: DownlinkForm): Partial<Record<'fport' | 'data', { key: string; opts?: object }>> {
  const errors: Partial<Record<'fport' | 'data', { key: string; opts?: object }>> = {};
  if (!f.macCommands) {
    const port = f.fport.trim();
    if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 255) {
      errors.fport = { key: 'common:validation.range', opts: { min: 1, max: 255 } };
    }
  }
  const data = f.data.trim();
  if (data === '') errors.data = { key: 'common:validation.required' };
  else if ((f.macCommands || f.mode === 'hex') && !/^([0-9a-fA-F]{2})+$/.test(data)) {
    errors.data = { key: 'common:validation.hex' };
  }
  return errors;
}

/** The request body: MAC commands mode forces port 0 and hex; text mode is sent as its UTF-8 hex. */
export function toBody(devEUI: string, f: DownlinkForm): DownlinkCreateBody {
  const hex = f.macCommands || f.mode === 'hex' ? f.data.trim().toLowerCase() : textToHex(f.data);
  return {
    devEUI,
    fport: f.macCommands ? 0 : Number(f.fport.trim()),
    data: hex,
    confirmed: f.confirmed,
    macCommands: f.macCommands,
  };
}
