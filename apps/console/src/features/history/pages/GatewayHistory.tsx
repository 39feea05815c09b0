import { gatewayDataApi } from '@lns/contract/api/gateway-data';
import type { GatewayFrame } from '@lns/contract/frames';
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
      path={gatewayDataApi.history.path}
      columns={gatewayColumns}
      loadDetail={frameDetail.gateway}
    />
  );
}
