import type { RelayDownlinkBody } from '@lns/contract/relay-api';
import { textToHex } from '../../lib/textHex';

/**
 * The data form of both product types: data typed as hex or as text (sent as its UTF-8 hex); a
 * relay's data also has its port (1–223) and the confirmed flag, a ladtp's goes on its protocol's
 * port as the device's settings say.
 */
export interface DownlinkForm {
  devEUI: string;
  fPort: string;
  data: string;
  mode: 'hex' | 'text';
  confirmed: boolean;
}

export const emptyDownlink = (devEUI: string): DownlinkForm => ({
  devEUI,
  fPort: '',
  data: '',
  mode: 'hex',
  confirmed: false,
});

export const downlinkBodyOf =
  (relay: boolean) =>
  (v: DownlinkForm): Partial<RelayDownlinkBody> => ({
    devEUI: v.devEUI,
    // A blank port reads 0, which the schema refuses with the port's own message (1–223).
    fPort: relay ? Number(v.fPort.trim()) : undefined,
    // Text is sent as its bytes; empty text stays empty so the schema says "cannot be empty".
    data: v.mode === 'text' && v.data !== '' ? textToHex(v.data) : v.data,
    confirmed: relay ? v.confirmed : undefined,
  });
