import { C } from '@lns/contract/codes';
import { ApiError, NETWORK_ERROR } from '../../lib/http';
import { refusalText } from '../../lib/refusal';

/** A refused or failed operation as the pages show it. */
export interface OpError {
  code: number;
  /** The code's words in the user's language (with the refused field, when the server named one). */
  text: string;
  /** 12002: what the gateway said (its own words, e.g. "no SX1302"), shown below the code's. */
  gatewayMessage?: string;
  /** 12007: nothing went wrong, there was just nothing to do. */
  benign: boolean;
}

/** The gateway's own words in the server's "<code text>: (<words>)"; the message itself when it has no such part. */
export function gatewayWords(msg: string | undefined): string | undefined {
  if (!msg) return undefined;
  return /^[^(]*\(([\s\S]*)\)$/.exec(msg)?.[1] ?? msg;
}

/** Turns what a call threw into the words the pages show; the server's message only for the gateway's own. */
export function opError(e: unknown): OpError {
  if (!(e instanceof ApiError)) return { code: NETWORK_ERROR, text: String(e), benign: false };
  const env = e.envelope;
  const gatewayMessage = e.code === C.GATEWAY_ERROR ? gatewayWords(env?.msg) : undefined;
  return {
    code: e.code,
    // A network failure has no envelope: its text is the client's "server error" already.
    text: env ? refusalText({ code: e.code, field: env.field, msg: env.msg }) : e.message,
    gatewayMessage,
    benign: e.code === C.COMMAND_NOT_NEEDED,
  };
}
