import { C } from '@lns/contract/codes';
import { type CommandRecord, commandRecord } from '@lns/contract/gateway-commands';
import { ApiError, NETWORK_ERROR } from '../../lib/http';
import { refusalText } from '../../lib/refusal';

/** A refused or failed operation as the pages show it. */
export interface OpError {
  code: number;
  /** The code's words in the user's language (with the refused field, when the server named one). */
  text: string;
  /** 12002: what the gateway said (its own words, e.g. "no SX1302"), shown below the code's. */
  gatewayMessage?: string;
  /** The record the server kept, when the refusal carries it (a failed shell command's output). */
  record?: CommandRecord;
  /** 12007: nothing went wrong, there was just nothing to do. */
  benign: boolean;
}

/** Turns what a call threw into the words the pages show; the server's message only for the gateway's own. */
export function opError(e: unknown): OpError {
  if (!(e instanceof ApiError)) return { code: NETWORK_ERROR, text: String(e), benign: false };
  const env = e.envelope;
  const parsed = commandRecord.safeParse(env?.data);
  const gatewayMessage = e.code === C.GATEWAY_ERROR ? env?.msg || undefined : undefined;
  return {
    code: e.code,
    // A network failure has no envelope: its text is the client's "server error" already.
    text: env ? refusalText({ code: e.code, field: env.field, msg: env.msg }) : e.message,
    gatewayMessage,
    record: parsed.success ? parsed.data : undefined,
    benign: e.code === C.COMMAND_NOT_NEEDED,
  };
}
