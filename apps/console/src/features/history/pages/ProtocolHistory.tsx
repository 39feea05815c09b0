import { deviceDataApi } from '@lns/contract/api/device-data';
import type { ProtocolFrame } from '@lns/contract/frames';
import { protocolColumns } from '../../../components/frames/columns';
import { frameDetail } from '../../../components/frames/detail';
import { api } from '../../../lib/api';
import { FrameHistory } from '../components/FrameHistory';

/** /application/device/history/protocol: stored protocol-layer frames of a device. */
export default function ProtocolHistory() {
  return (
    <FrameHistory<ProtocolFrame>
      owner="devEUI"
      title="protocol"
      listKey="history-protocol"
      load={({ id, ...q }) => api.list(deviceDataApi.lorawanHistory, { ...q, devEUI: id })}
      columns={protocolColumns}
      loadDetail={frameDetail.protocol}
    />
  );
}
