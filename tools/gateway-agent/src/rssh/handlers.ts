/** startRssh, stopRssh, queryRssh: the reverse tunnel, `notNeeded` when there is nothing to do. */
import { existsSync } from 'node:fs';
import { rsshExtra } from '@lns/contract/gateway-commands';
import { type Handler, notNeeded, parseExtra, RequestError, unsupported } from '../handler';
import { type ReverseTunnel, sameTarget } from './tunnel';

const off = () => unsupported('the reverse SSH tunnel is turned off on this gateway (rssh is null in its file)');

export function rsshHandlers(tunnel: ReverseTunnel | null, keyFile: string): Record<string, Handler> {
  return {
    startRssh: {
      run: async (ctx) => {
        if (!tunnel) throw off();
        const target = parseExtra(rsshExtra.required(), ctx.extra);
        if (tunnel.current && sameTarget(tunnel.current, target)) {
          throw notNeeded('this tunnel runs already', tunnel.state());
        }
        if (!existsSync(keyFile)) throw new RequestError(`no SSH key on the gateway at ${keyFile}`);
        await tunnel.start(target);
        return tunnel.state();
      },
    },
    stopRssh: {
      run: async () => {
        if (!tunnel) throw off();
        if (!tunnel.stop()) throw notNeeded('no tunnel to stop', tunnel.state());
        return tunnel.state();
      },
    },
    queryRssh: {
      run: async () => {
        if (!tunnel) throw off();
        return tunnel.state();
      },
    },
  };
}
