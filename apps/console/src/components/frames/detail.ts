import { deviceDataApi } from '@lns/contract/api/device-data';
import { gatewayDataApi } from '@lns/contract/api/gateway-data';
import { api } from '../../lib/api';

type Ref = { msgID: string; createtime: number };

/** Full frames for the detail tree (the datainfo calls of the history APIs). */
export const frameDetail = {
  protocol: (devEUI: string, f: Ref) =>
    api.data(deviceDataApi.lorawanInfo, { devEUI, msgID: f.msgID, createtime: f.createtime }),
  app: (devEUI: string, f: Ref) => api.data(deviceDataApi.info, { devEUI, msgID: f.msgID, createtime: f.createtime }),
  gateway: (gwID: string, f: Ref) => api.data(gatewayDataApi.info, { gwID, msgID: f.msgID, createtime: f.createtime }),
};
