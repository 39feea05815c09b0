import { gatewayDataApi } from '@lns/contract/api/gateway-data';
import { api } from '../../lib/api';
import { http } from '../../lib/http';

type Ref = { msgID: string; createtime: number };

/** Full frames for the detail tree (the datainfo calls of the history APIs). */
export const frameDetail = {
  protocol: (devEUI: string, f: Ref) =>
    http.get<unknown>('/api/device/lorawan/datainfo', { devEUI, msgID: f.msgID, createtime: f.createtime }),
  app: (devEUI: string, f: Ref) =>
    http.get<unknown>('/api/device/datainfo', { devEUI, msgID: f.msgID, createtime: f.createtime }),
  gateway: (gwID: string, f: Ref) => api.data(gatewayDataApi.info, { gwID, msgID: f.msgID, createtime: f.createtime }),
};
