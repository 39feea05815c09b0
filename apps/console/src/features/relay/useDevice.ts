import { normalizeHex } from '@lns/contract/hex';
import { useSearchParams } from 'react-router';

/** The device a relay or ladtp page is about, from the query every device page carries. */
export function useDeviceParams() {
  const [params] = useSearchParams();
  return {
    devEUI: normalizeHex(params.get('devEUI') ?? ''),
    appID: Number(params.get('appID') ?? 0),
    devName: params.get('devName') ?? '',
  };
}
