/**
 * Live WebSocket streams. The token travels as the WebSocket sub-protocol; the
 * server checks it and the caller's ownership BEFORE the upgrade (401/403/404 with the usual
 * envelope, so the handshake fails). Once open, every message from the server is JSON text
 * except `pong`; the client sends the text `ping` every PING_INTERVAL_MS.
 *
 * An open stream lives only as long as what allowed it: the token that opened it, the caller's
 * right to see the target, and the target row itself (the device or gateway registered at open
 * time, not a later one with the same EUI). The server closes it with a STREAM_CLOSE code as soon
 * as it learns otherwise (logout, password change, user deletion, token regeneration, deletion of
 * the target), and re-checks every open stream every STREAM_REVALIDATE_MS in case it missed it.
 */
import { z } from 'zod';
import type { BusEvent } from './frames';
import { eui64 } from './hex';
import { queryId } from './input';

/** Stream paths and their query, one place for server and console. */
export const STREAMS = {
  deviceProtocol: '/ws/device/protocol',
  deviceApp: '/ws/device/app',
  application: '/ws/application',
  gateway: '/ws/gateway',
} as const;
export type StreamName = keyof typeof STREAMS;

export const deviceStreamQuery = z.object({ devEUI: eui64 });
export const applicationStreamQuery = z.object({ appID: queryId() });
export const gatewayStreamQuery = z.object({ gwID: eui64 });

/** Client heartbeat: a `ping` every 30 s; more than one unanswered ping closes the socket. */
export const PING_INTERVAL_MS = 30_000;
/** Unanswered pings the client tolerates; one more closes the socket. */
export const MAX_UNANSWERED_PINGS = 1;
/** A failed or dropped connection retries after 4 s (unless the user paused). */
export const RECONNECT_MS = 4_000;
/** The server closes a socket that sent no ping for this long (two missed pings and slack). */
export const SERVER_PING_TIMEOUT_MS = 75_000;

/** Live table row counts the user may choose; default 30. */
export const LIVE_ROW_CHOICES = [10, 20, 30, 40, 50] as const;
export const LIVE_ROW_DEFAULT = 30;

/** How often the server re-checks every open stream's token, access and target (milliseconds). */
export const STREAM_REVALIDATE_MS = 5_000;

/**
 * Close codes the server uses after the socket was accepted. 4001, 4003 and 4004 are final:
 * reopening with the same token and target would be refused, so clients should not retry.
 */
export const STREAM_CLOSE = {
  /** The token that opened the stream is no longer valid: signed out, expired, password changed, user deleted or API token regenerated. */
  REVOKED: 4001,
  /** The token is valid but may no longer see the target (no longer an admin, or the target changed owner). */
  FORBIDDEN: 4003,
  /** The target (device, gateway or application) was deleted; a later one with the same EUI is another target. */
  GONE: 4004,
  /** No ping within SERVER_PING_TIMEOUT_MS. */
  PING_TIMEOUT: 4008,
  /**
   * An admin switched live streams off (platform config `enableWebsocket`): open streams end with
   * it and new ones are accepted and closed at once. Not final: a client that keeps reconnecting
   * gets its stream back when the switch is turned on again.
   */
  DISABLED: 4010,
  /** The server is shutting down; reconnect later. */
  GOING_AWAY: 1001,
} as const;

/** Close codes after which reconnecting with the same token and target is pointless. */
export const FINAL_STREAM_CLOSES: readonly number[] = [STREAM_CLOSE.REVOKED, STREAM_CLOSE.FORBIDDEN, STREAM_CLOSE.GONE];

/** Socket state shown on live pages (WebSocket.readyState): 0 connecting, 1 connected, 2 closing, 3 closed. */
export const SOCKET_STATES = [0, 1, 2, 3] as const;
export type SocketState = (typeof SOCKET_STATES)[number];

/**
 * A message on a stream: a bus event, a `dropped` notice (the client read slower than frames
 * arrived; `count` frames were discarded, oldest first), or `ready` (the subscription is
 * active: frames published from now on arrive, on every server instance).
 */
export type StreamMessage = BusEvent | { kind: 'dropped'; count: number } | { kind: 'ready' };
