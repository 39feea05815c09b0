import type { GatewayStatusInfo } from '@lns/contract/gateways';
import { useGateway } from '../api';
import type { PickedGateway } from './GatewayPicker';
import { useGatewayParam } from './useGatewayParam';

export interface ChosenGateway {
  /** From the URL ('' for none). */
  gwID: string;
  /** Its row once loaded (name, region, online state). */
  info: GatewayStatusInfo | undefined;
  /** The picker's value: the row, or while it loads the ID alone. */
  picked: PickedGateway | null;
  /** The gateway of the URL is not the user's or does not exist. */
  missing: boolean;
  choose: (gw: PickedGateway | null) => void;
}

/** The gateway a page works on: the URL's, with its row from the server. */
export function useChosenGateway(): ChosenGateway {
  const [gwID, choose] = useGatewayParam();
  const q = useGateway(gwID);
  const info = q.data;
  const picked = info
    ? { gwID: info.gwID, gwName: info.gwName, online: info.online }
    : gwID
      ? { gwID, gwName: gwID, online: false }
      : null;
  return { gwID, info, picked, missing: Boolean(gwID) && q.isError, choose };
}
