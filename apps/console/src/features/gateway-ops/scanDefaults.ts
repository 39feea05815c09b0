import { SCAN_DEFAULT_STEP_HZ } from '@lns/contract/gateway-commands';

/**
 * The band a noise scan covers by default, per region (MHz): where the region's gateways listen.
 * Region ids are matched by prefix ('as923-2', 'cn470alid' take their family's band).
 */
export const REGION_SCAN_BANDS_MHZ: readonly { prefix: string; min: number; max: number }[] = [
  { prefix: 'eu868', min: 863, max: 870 },
  { prefix: 'us915', min: 902, max: 928 },
  { prefix: 'cn470', min: 470, max: 510 },
  { prefix: 'as923', min: 915, max: 928 },
  { prefix: 'au915', min: 915, max: 928 },
  { prefix: 'kr920', min: 920, max: 923 },
  { prefix: 'in865', min: 865, max: 867 },
  { prefix: 'ru864', min: 864, max: 870 },
];

export interface ScanFormValues {
  /** MHz, as typed. */
  min: string;
  max: string;
  step: string;
}

/** MHz as the form shows it: no trailing zeros, no float noise (0.2, not 0.20000000000000001). */
export const mhzText = (hz: number) => String(Math.round(hz) / 1e6);

/** The form's starting values for a gateway of `region`: its band, else empty; the default step. */
export function defaultScanForm(region: string | undefined): ScanFormValues {
  const band = REGION_SCAN_BANDS_MHZ.find((b) => region?.toLowerCase().startsWith(b.prefix));
  return {
    min: band ? String(band.min) : '',
    max: band ? String(band.max) : '',
    step: mhzText(SCAN_DEFAULT_STEP_HZ),
  };
}
