import { gatewayCommandApi } from '@lns/contract/api/gateway-commands';
import { api } from '../../lib/api';

/** 12007 "need not run": web shell sessions were already allowed on the gateway. */
const NEED_NOT_RUN = 12007;

/**
 * Allows web shell sessions on the gateway (its agent refuses them until then). Other refusals
 * (offline, busy, no answer) are toasted by the client and reject.
 */
export async function allowShell(gatewayId: string): Promise<void> {
  await api.envelope(gatewayCommandApi.openWssh, { gatewayId }, { accept: [NEED_NOT_RUN] });
}
