/**
 * Frequency plans beyond the region catalogue (docs/product/frequency-plans.md): the packet
 * forwarder's global configuration per region/subnet, tx lookup tables per gateway type and
 * region, and the effective packet-forwarder configuration of each gateway. Our decisions:
 * - A global configuration is a packet-forwarder `global_conf.json` (uploaded to the file store)
 *   with an `SX130x_conf` (SX1302/SX1303) or `SX1301_conf` section; anything else is 11003. One per
 *   region/subnet (11002 when taken, 11001 when missing).
 * - A tx lookup table is a JSON file of tx gain entries (`rf_power` and `pa_gain`, optionally
 *   `mix_gain`, `dig_gain`, `dac_gain`, `pwr_idx`), as an array or as `{ "tx_gain_lut": [...] }`;
 *   anything else is 10003. One per gateway type and region (10002 / 10001).
 * - A gateway's effective configuration is the global configuration of its region/subnet with the
 *   tx LUT of its type/region put in (SX130x: the tx radio's `tx_gain_lut`; SX1301: `tx_lut_<n>`),
 *   and `gateway_conf` naming the gateway and this server's UDP address. Its SHA-256 says whether
 *   a gateway runs what it should.
 * - A changed global configuration or tx LUT marks the agent gateways it reaches out of date; an
 *   admin pushes it to each gateway (the state filter lists the out-of-date ones), since applying it restarts the forwarder
 *   and interrupts traffic. Gateways without the agent need the file installed by hand.
 * - pfconf errors: 9001 no configuration for the gateway, 9002 it runs it already, 9003 the
 *   configuration cannot be built or pushed to this gateway (no agent), 9004 the agent failed.
 */
import { z } from 'zod';
import { eui64 } from './hex';
import { queryId, text } from './input';
import { queryInt } from './paging';
import { regionId, subnetId } from './regions';
import { V } from './validation';

/** The configuration files are small: a global_conf.json is a few KiB. */
export const PF_CONF_MAX_BYTES = 256 * 1024;
/** Entries of a tx lookup table (the SX1301 HAL takes 16). */
export const TX_LUT_MAX_ENTRIES = 16;
/** How long the server waits for an agent to download, write and restart its forwarder (s). */
export const PF_CONF_PUSH_TIMEOUT_S = 120;
/** The agent's own limit: shorter, so it answers (with its rollback) before the server stops waiting. */
export const PF_CONF_AGENT_TIMEOUT_S = 110;
/** How long a signed configuration address stays valid (ms). */
export const PF_CONF_URL_TTL_MS = 3_600_000;

const fileRef = z.string().min(1, V.upgradeFileEmpty).max(256);

const page = z.object({ pageNo: queryInt(1, 1_000_000).default(1), pageSize: queryInt(1, 1000).default(50) });

// ---- Global configurations ------------------------------------------------------------------

export const globalConfBody = z.object({ region: regionId, subnet: subnetId, filestore: fileRef });
export const globalConfUpdateBody = globalConfBody.extend({ globalConfID: queryId() });
export const globalConfIdBody = z.object({ globalConfID: queryId() });
export const globalConfListQuery = page.extend({ region: regionId.optional() });
export const globalConfRow = z.object({
  globalConfID: z.number(),
  region: z.string(),
  subnet: z.string(),
  filestore: z.string(),
  fileName: z.string(),
  /** `SX130x` or `SX1301`: the section the file has. */
  chip: z.enum(['SX130x', 'SX1301']),
  /** Gateways of the region/subnet. */
  gateways: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type GlobalConfRow = z.infer<typeof globalConfRow>;

// ---- Tx lookup tables -----------------------------------------------------------------------

export const txLutBody = z.object({
  gwType: text().trim().min(1, V.gwTypeEmpty).max(20),
  region: regionId,
  filestore: fileRef,
});
export const txLutUpdateBody = txLutBody.extend({ txLutID: queryId() });
export const txLutIdBody = z.object({ txLutID: queryId() });
export const txLutListQuery = page.extend({ region: regionId.optional() });
export const txLutRow = z.object({
  txLutID: z.number(),
  gwType: z.string(),
  region: z.string(),
  filestore: z.string(),
  fileName: z.string(),
  entries: z.number(),
  gateways: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TxLutRow = z.infer<typeof txLutRow>;

/** One tx gain entry as the file holds it (integers; the HAL's names). */
export const txGainEntry = z
  .object({
    rf_power: z.int().min(-10).max(40),
    pa_gain: z.int().min(0).max(3),
    mix_gain: z.int().min(0).max(15).optional(),
    dig_gain: z.int().min(0).max(3).optional(),
    dac_gain: z.int().min(0).max(3).optional(),
    pwr_idx: z.int().min(0).max(22).optional(),
  })
  .strict();
export type TxGainEntry = z.infer<typeof txGainEntry>;
const entries = z.array(txGainEntry).min(1).max(TX_LUT_MAX_ENTRIES);
/** A tx LUT file: the entries, or `{ tx_gain_lut: entries }`. */
export const txLutFile = z.union([entries, z.object({ tx_gain_lut: entries }).transform((o) => o.tx_gain_lut)]);

// ---- Packet-forwarder configurations ------------------------------------------------------------

/**
 * Where a gateway's configuration stands:
 * - noConfig: no global configuration for its region/subnet;
 * - manual: it has no agent (a plain Semtech UDP gateway): the file is installed by hand;
 * - outOfDate: its agent has not applied the current configuration (never, or it changed since);
 * - applying: a push is under way; upToDate: it runs it; error: the last push failed.
 */
export const PF_CONF_STATES = ['noConfig', 'manual', 'outOfDate', 'applying', 'upToDate', 'error'] as const;
export type PfConfState = (typeof PF_CONF_STATES)[number];

export const pfConfListQuery = page.extend({ state: z.enum(PF_CONF_STATES).optional() });
export const pfConfRow = z.object({
  gwID: z.string(),
  gwName: z.string(),
  gwType: z.string(),
  region: z.string(),
  subnet: z.string(),
  online: z.boolean(),
  /** Whether the gateway's agent can be sent the configuration (it links over MQTT). */
  agent: z.boolean(),
  globalConfID: z.number().nullable(),
  txLutID: z.number().nullable(),
  /** SHA-256 of the effective configuration; null without one. */
  sha256: z.string().nullable(),
  /** SHA-256 of the configuration its agent applied last. */
  appliedSha256: z.string().nullable(),
  appliedAt: z.number().nullable(),
  state: z.enum(PF_CONF_STATES),
  error: z.string().nullable(),
});
export type PfConfRow = z.infer<typeof pfConfRow>;

export const pfConfGatewayQuery = z.object({ gwID: eui64 });
export const pfConfGatewayBody = z.object({
  gwID: eui64,
  /** Push also when the gateway runs this configuration already (9002 otherwise). */
  force: z.boolean().default(false),
});
export const pfConfSigned = z.object({
  /** Absolute address of the effective configuration, signed for this gateway. */
  url: z.string(),
  sha256: z.string(),
  size: z.number(),
  expiresAt: z.number(),
});
export const pfConfEnabled = z.object({
  enabled: z.boolean(),
  /** Why not: `mqttUnavailable` (no broker for agents on this server). */
  reason: z.enum(['mqttUnavailable']).nullable(),
});
export const pfConfPushResult = z.object({ state: z.enum(PF_CONF_STATES), sha256: z.string() });

/** What the agent downloads the configuration with (a signed address, like a package's). */
export const pfConfDownloadQuery = z.object({
  gw: eui64,
  exp: z.coerce.number().int().min(0),
  sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

// ---- Agent side (docs/protocols/gateway-agent.md, `applyPacketForwarderConfig`) ----------------

export const APPLY_PF_CONFIG = 'applyPacketForwarderConfig';
export const applyPfConfigExtra = z.object({
  url: z.string().min(1).max(2048),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.int().min(1).max(PF_CONF_MAX_BYTES),
});
export type ApplyPfConfigExtra = z.infer<typeof applyPfConfigExtra>;
export const applyPfConfigResult = z.object({
  path: z.string(),
  sha256: z.string(),
  /** Where the previous file was kept. */
  backup: z.string().nullable(),
  restarted: z.boolean(),
});

/** True when a parsed global_conf.json has a concentrator section; which one. */
export function chipOf(conf: unknown): 'SX130x' | 'SX1301' | undefined {
  if (!conf || typeof conf !== 'object' || Array.isArray(conf)) return undefined;
  const o = conf as Record<string, unknown>;
  const isObj = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v);
  if (isObj(o.SX130x_conf)) return 'SX130x';
  if (isObj(o.SX1301_conf)) return 'SX1301';
  return undefined;
}
