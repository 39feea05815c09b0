import type { GatewayFrame } from '@lns/contract/frames';
import { http } from '../../../lib/http';
import { frameDetail } from '../../live/api';
import { gatewayColumns } from '../../live/columns';
import { FrameHistory } from '../components/FrameHistory';

/** /gateway/history: stored frames a gateway heard or sent. */
export default function GatewayHistory() {
  return (
    <FrameHistory<GatewayFrame>
      owner="gwID"
      title="gateway"
      listKey="history-gateway"
      load={({ id, ...q }) => http.list<GatewayFrame>('/api/gateway/history', { ...q, gwID: id })}
      columns={gatewayColumns}
      loadDetail={frameDetail.gateway}
    />
  );
}
