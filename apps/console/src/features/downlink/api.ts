import { downlinkApi } from '@lns/contract/api/downlinks';
import type { DownlinkCreateBody } from '@lns/contract/dataplane';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { historyKey } from '../../components/frames/useHistory';
import { api } from '../../lib/api';

/** The downlink history's list key: invalidating ['history', DOWNLINK_HISTORY] refreshes it. */
export const DOWNLINK_HISTORY = 'history-downlink';

export function useSendDownlink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DownlinkCreateBody) => api.data(downlinkApi.create, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: historyKey(DOWNLINK_HISTORY) }),
  });
}
