import { deviceDataApi } from '@lns/contract/api/device-data';
import { api } from '../../lib/api';
import { http } from '../../lib/http';

type Ref = { msgID: string; createtime: number };

/** Full frames for the detail tree (the datainfo calls of the history APIs). */
export const frameDetail = {
  protocol: (devEUI: string, f: Ref) =>
    api.data(deviceDataApi.lorawanInfo, { devEUI, msgID: f.msgID, createtime: f.createtime }),
  app: (devEUI: string, f: Ref) => api.data(deviceDataApi.info, { devEUI, msgID: f.msgID, createtime: f.createtime }),
  gateway: (gwID: string, f: Ref) =>
    http.get<unknown>('/api/gateway/datainfo', { gwID, msgID: f.msgID, createtime: f.createtime }),
};
