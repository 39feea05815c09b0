import { STREAMS } from '@lns/contract/streams';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { historyKey } from '../../components/frames/useHistory';
import { API_BASE } from '../../lib/http';
import { LiveSocket, streamUrl } from '../../lib/liveSocket';
import { useSession } from '../../lib/useSession';
import { DOWNLINK_HISTORY } from './api';

/** Refresh the downlink history whenever the device's stream reports a downlink status change. */
export function useDownlinkEvents(devEUI: string): void {
  const qc = useQueryClient();
  const { token } = useSession();
  useEffect(() => {
    if (!devEUI) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const s = new LiveSocket({
      url: streamUrl(STREAMS.deviceProtocol, { devEUI }, API_BASE),
      token,
      onState: () => {},
      onMessage: (m) => {
        if (m.kind !== 'downlink' || timer) return;
        // Several changes in a burst cost one refetch.
        timer = setTimeout(() => {
          timer = undefined;
          void qc.invalidateQueries({ queryKey: historyKey(DOWNLINK_HISTORY) });
        }, 200);
      },
    });
    s.start();
    return () => {
      clearTimeout(timer);
      s.stop();
    };
  }, [devEUI, token, qc]);
}
