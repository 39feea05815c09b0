import { SHELL_MESSAGE_MAX } from '@lns/contract/gateway-commands';
import { describe, expect, it } from 'vitest';
import { INPUT_CHUNK, inputMessages, readServerMessage, resizeMessage } from './messages';

describe('shell messages', () => {
  it('splits a long paste into input messages under the size limit, keeping emoji whole', () => {
    const paste = `${'a'.repeat(INPUT_CHUNK - 1)}😀${'中'.repeat(INPUT_CHUNK)}`;
    const sent = inputMessages(paste);
    expect(sent.length).toBe(3);
    const parts = sent.map((s) => JSON.parse(s) as { type: string; data: string });
    expect(parts.every((p) => p.type === 'input')).toBe(true);
    expect(parts.map((p) => p.data).join('')).toBe(paste);
    expect(parts[0]!.data).toBe('a'.repeat(INPUT_CHUNK - 1));
    for (const s of sent) expect(new TextEncoder().encode(s).length).toBeLessThanOrEqual(SHELL_MESSAGE_MAX);
    expect(inputMessages('\u0003')).toEqual(['{"type":"input","data":"\\u0003"}']);
    expect(resizeMessage(80, 24)).toBe('{"type":"resize","cols":80,"rows":24}');
  });

  it('reads the server messages it knows; an unknown end reason is the server’s', () => {
    expect(readServerMessage({ type: 'opened', session: 'abc' })).toEqual({ type: 'opened', session: 'abc' });
    expect(readServerMessage({ type: 'output', data: 'x' })).toEqual({ type: 'output', data: 'x' });
    expect(readServerMessage({ type: 'closed', reason: 'exited', detail: 'code 0' })).toEqual({
      type: 'closed',
      reason: 'exited',
      detail: 'code 0',
    });
    expect(readServerMessage({ type: 'closed', reason: 'later' })).toEqual({ type: 'closed', reason: 'server' });
    expect(readServerMessage({ type: 'output' })).toBeUndefined();
    expect(readServerMessage('pong')).toBeUndefined();
  });
});
