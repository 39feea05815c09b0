/** openWssh, closeWssh, queryWssh: the runtime switch of the web shell. */
import { type Handler, notNeeded, unsupported } from '../handler';
import type { WebShell } from './web-shell';

export function webShellHandlers(shell: WebShell): Record<string, Handler> {
  const state = () => ({ open: shell.open, sessions: shell.count, enabled: shell.enabled });
  return {
    openWssh: {
      run: async () => {
        if (!shell.enabled) throw unsupported('the web shell is turned off on this gateway (webShell.enabled)');
        if (!shell.allow()) throw notNeeded('web shell sessions are allowed already', state());
        return state();
      },
    },
    closeWssh: {
      run: async () => {
        if (!shell.refuse('web shell closed (closeWssh)'))
          throw notNeeded('web shell sessions are not allowed already', state());
        return state();
      },
    },
    queryWssh: { run: async () => state() },
  };
}
