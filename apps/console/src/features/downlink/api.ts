import type { DownlinkRecord } from '@lns/contract/frames';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { historyKey } from '../../components/frames/useHistory';
import { http } from '../../lib/http';
import type { toBody } from './form';

export const DOWNLINK_HISTORY = '/api/device/downlink/history';

export function useSendDownlink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnType<typeof toBody>) => http.post<DownlinkRecord>('/api/device/downlink/create', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: historyKey(DOWNLINK_HISTORY) }),
  });
}
