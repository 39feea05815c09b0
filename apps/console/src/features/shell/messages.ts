import {
  SHELL_END_REASONS,
  SHELL_MESSAGE_MAX,
  type ShellClientMessage,
  type ShellServerMessage,
} from '@lns/contract/gateway-commands';

/**
 * Characters per `input` message: UTF-8 takes at most 4 bytes a character (and JSON escapes of
 * control keys 6), so a paste split this way stays under SHELL_MESSAGE_MAX bytes a message.
 */
export const INPUT_CHUNK = Math.floor(SHELL_MESSAGE_MAX / 8);

/** Typed or pasted text as `input` messages, in order. */
export function inputMessages(data: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < data.length) {
    let end = Math.min(data.length, i + INPUT_CHUNK);
    // Never split a surrogate pair (an emoji) between two messages.
    if (end < data.length && /[\ud800-\udbff]/.test(data[end - 1]!)) end--;
    out.push(JSON.stringify({ type: 'input', data: data.slice(i, end) } satisfies ShellClientMessage));
    i = end;
  }
  return out;
}

export const resizeMessage = (cols: number, rows: number) =>
  JSON.stringify({ type: 'resize', cols, rows } satisfies ShellClientMessage);

/** A server message the page understands, or undefined (a newer server's message is skipped). */
export function readServerMessage(m: unknown): ShellServerMessage | undefined {
  if (!m || typeof m !== 'object') return undefined;
  const o = m as Record<string, unknown>;
  if (o.type === 'opened' && typeof o.session === 'string') return { type: 'opened', session: o.session };
  if (o.type === 'output' && typeof o.data === 'string') return { type: 'output', data: o.data };
  if (o.type === 'closed') {
    const reason = SHELL_END_REASONS.find((r) => r === o.reason) ?? 'server';
    return { type: 'closed', reason, detail: typeof o.detail === 'string' ? o.detail : undefined };
  }
  return undefined;
}
