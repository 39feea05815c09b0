/**
 * The `upgrade` key of the agent's file: where packages are downloaded and what upgrades installed
 * is kept, how each kind is installed. Left out keys take the platform's default; `null` turns a
 * kind off (answered unsupported), `"upgrade": null` all of them.
 */
import { z } from 'zod';
import type { Platform } from '../platform';

/** Where `{file}` goes in an install command: the downloaded package's path, quoted. */
export const FILE_PLACEHOLDER = '{file}';

const installCommand = z
  .string()
  .min(1)
  .refine((s) => s.includes(FILE_PLACEHOLDER), `must contain ${FILE_PLACEHOLDER}`)
  .nullable()
  .optional();
const pathOrOff = z.string().min(1).nullable().optional();

export const upgradeSchema = z
  .object({
    workDir: z.string().min(1).optional(),
    stateDir: z.string().min(1).optional(),
    deb: installCommand,
    opkg: installCommand,
    agentPath: pathOrOff,
    packetForwarderPath: pathOrOff,
    packetForwarderCheck: z.string().min(1).optional(),
    checkS: z.number().positive().max(600).optional(),
    timeoutS: z.number().positive().max(86_400).optional(),
  })
  .strict()
  .nullable()
  .prefault({});

export interface UpgradeSettings {
  workDir: string;
  stateDir: string;
  deb: string | null;
  opkg: string | null;
  agentPath: string | null;
  packetForwarderPath: string | null;
  packetForwarderCheck: string;
  /** How long a new packet forwarder has to pass its check, a new agent to connect (s). */
  checkS: number;
  /** The longest an upgrade may run (download and install), instead of commandTimeoutS (s). */
  timeoutS: number;
}

/** Where the README's installation puts the agent (both platforms). */
export const AGENT_PROGRAM = '/usr/local/lib/gateway-agent/gateway-agent.cjs';

export const PLATFORM_UPGRADE: Record<Platform, UpgradeSettings> = {
  debian: {
    workDir: '/var/tmp/gateway-agent',
    stateDir: '/var/lib/gateway-agent',
    deb: `dpkg -i ${FILE_PLACEHOLDER}`,
    opkg: null,
    agentPath: AGENT_PROGRAM,
    // No usual place for a forwarder's program: the gateway's file says where its own is.
    packetForwarderPath: null,
    packetForwarderCheck: 'systemctl is-active --quiet lora-pkt-fwd',
    checkS: 60,
    timeoutS: 3600,
  },
  openwrt: {
    // /tmp is RAM on OpenWrt: the flash is too small for a package and its installed copy.
    workDir: '/tmp/gateway-agent',
    // /var is RAM too; /etc lives on the overlay and survives a reboot.
    stateDir: '/etc/gateway-agent',
    deb: null,
    opkg: `opkg install ${FILE_PLACEHOLDER}`,
    agentPath: AGENT_PROGRAM,
    packetForwarderPath: null,
    packetForwarderCheck: 'pidof lora_pkt_fwd >/dev/null',
    checkS: 60,
    timeoutS: 3600,
  },
};

/** The file's `upgrade` over the platform's defaults; null: upgrades are off. */
export function resolveUpgrade(file: z.output<typeof upgradeSchema>, platform: Platform): UpgradeSettings | null {
  if (file === null) return null;
  const defaults = PLATFORM_UPGRADE[platform];
  const set = Object.fromEntries(Object.entries(file).filter(([, v]) => v !== undefined));
  return { ...defaults, ...set };
}
