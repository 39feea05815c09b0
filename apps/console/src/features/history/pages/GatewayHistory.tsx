import type { GatewayFrame } from '@lns/contract/frames';
import { gatewayColumns } from '../../../components/frames/columns';
import { frameDetail } from '../../../components/frames/detail';
import { http } from '../../../lib/http';
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
