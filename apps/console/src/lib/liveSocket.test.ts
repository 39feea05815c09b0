import { STREAM_CLOSE } from '@lns/contract/streams';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSocket } from './liveSocket';

class FakeWS {
  static all: FakeWS[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen?: () => void;
  onmessage?: (e: { data: string }) => void;
  onclose?: (e: { code: number; reason: string }) => void;
  onerror?: (e: unknown) => void;
  constructor(
    readonly url: string,
    readonly protocols?: string[],
  ) {
    FakeWS.all.push(this);
  }
  send(d: string) {
    this.sent.push(d);
  }
  close(code = 1000, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
}

describe('LiveSocket', () => {
  let states: number[];
  let messages: unknown[];
  const make = () =>
    new LiveSocket({
      url: 'ws://x/ws/gateway?gwID=01',
      token: 'tok',
      onState: (s) => states.push(s),
      onMessage: (m) => messages.push(m),
      WebSocketImpl: FakeWS as unknown as typeof WebSocket,
    });

  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'info').mockImplementation(() => {});
    FakeWS.all = [];
    states = [];
    messages = [];
  });
  afterEach(() => vi.useRealTimers());

  it('sends the token as sub-protocol and reports the socket state', () => {
    const s = make();
    s.start();
    const ws = FakeWS.all[0]!;
    expect(ws.protocols).toEqual(['tok']);
    ws.open();
    ws.onmessage?.({ data: '{"kind":"gateway","data":{"msgID":"a"}}' });
    expect(messages).toEqual([{ kind: 'gateway', data: { msgID: 'a' } }]);
    s.stop();
    expect(states).toEqual([0, 1, 2, 3]);
  });

  it('pings every 30 s; a pong resets the count; more than one unanswered ping closes', () => {
    const s = make();
    s.start();
    const ws = FakeWS.all[0]!;
    ws.open();
    vi.advanceTimersByTime(30_000);
    expect(ws.sent).toEqual(['ping']);
    ws.onmessage?.({ data: 'pong' });
    vi.advanceTimersByTime(60_000);
    expect(ws.sent).toEqual(['ping', 'ping', 'ping']);
    expect(ws.readyState).toBe(1);
    vi.advanceTimersByTime(30_000); // two unanswered
    expect(ws.readyState).toBe(3);
    s.stop();
  });

  it('reconnects 4 s after a close it did not ask for; stop closes and stays closed', () => {
    const s = make();
    s.start();
    FakeWS.all[0]!.open();
    FakeWS.all[0]!.close();
    vi.advanceTimersByTime(3_999);
    expect(FakeWS.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWS.all).toHaveLength(2);
    s.stop();
    vi.advanceTimersByTime(10_000);
    expect(FakeWS.all).toHaveLength(2);
    s.start();
    expect(FakeWS.all).toHaveLength(3);
    s.stop();
  });

  it('does not retry after a final close from the server (revoked, forbidden, gone) until started again', () => {
    for (const code of [STREAM_CLOSE.REVOKED, STREAM_CLOSE.FORBIDDEN, STREAM_CLOSE.GONE]) {
      FakeWS.all = [];
      const s = make();
      s.start();
      FakeWS.all[0]!.open();
      FakeWS.all[0]!.close(code, 'credential revoked');
      vi.advanceTimersByTime(60_000);
      expect(FakeWS.all).toHaveLength(1);
      s.start();
      expect(FakeWS.all).toHaveLength(2);
      s.stop();
    }
    // A ping timeout is not final.
    FakeWS.all = [];
    const s = make();
    s.start();
    FakeWS.all[0]!.close(STREAM_CLOSE.PING_TIMEOUT);
    vi.advanceTimersByTime(4_000);
    expect(FakeWS.all).toHaveLength(2);
    s.stop();
  });
});

describe('LiveSocket for a stream that talks back', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'info').mockImplementation(() => {});
    FakeWS.all = [];
  });
  afterEach(() => vi.useRealTimers());

  it('sends only while open, asks the url again for every connection and reports drops', () => {
    let n = 0;
    const drops: [number, boolean][] = [];
    const s = new LiveSocket<{ type: string }>({
      url: () => `ws://x/ws/gateway/shell?n=${++n}`,
      token: 'tok',
      onState: () => {},
      onMessage: () => {},
      onDrop: (code, retrying) => drops.push([code, retrying]),
      WebSocketImpl: FakeWS as unknown as typeof WebSocket,
    });
    s.start();
    expect(s.send('early')).toBe(false);
    FakeWS.all[0]!.open();
    expect(s.send('{"type":"input","data":"ls"}')).toBe(true);
    expect(FakeWS.all[0]!.sent).toEqual(['{"type":"input","data":"ls"}']);
    FakeWS.all[0]!.close(1006);
    expect(drops).toEqual([[1006, true]]);
    expect(s.send('lost')).toBe(false);
    vi.advanceTimersByTime(4_000);
    expect(FakeWS.all.map((w) => w.url)).toEqual(['ws://x/ws/gateway/shell?n=1', 'ws://x/ws/gateway/shell?n=2']);
    FakeWS.all[1]!.open();
    FakeWS.all[1]!.close(STREAM_CLOSE.FORBIDDEN);
    expect(drops).toEqual([
      [1006, true],
      [STREAM_CLOSE.FORBIDDEN, false],
    ]);
    // A close the user asked for is no drop.
    s.start();
    FakeWS.all[2]!.open();
    s.stop();
    expect(drops).toHaveLength(2);
  });
});
