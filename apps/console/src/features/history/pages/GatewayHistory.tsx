import { gatewayDataApi } from '@lns/contract/api/gateway-data';
import type { GatewayFrame } from '@lns/contract/frames';
import { gatewayColumns } from '../../../components/frames/columns';
import { frameDetail } from '../../../components/frames/detail';
import { api } from '../../../lib/api';
import { FrameHistory } from '../components/FrameHistory';

/** /gateway/history: stored frames a gateway heard or sent. */
export default function GatewayHistory() {
  return (
    <FrameHistory<GatewayFrame>
      owner="gwID"
      title="gateway"
      listKey="history-gateway"
      load={({ id, ...q }) => api.list(gatewayDataApi.history, { ...q, gwID: id })}
      columns={gatewayColumns}
      loadDetail={frameDetail.gateway}
    />
  );
}
