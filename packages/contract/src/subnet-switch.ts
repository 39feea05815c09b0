/**
 * Subnet cutover (docs/product/subnet-cutover.md): a task moves its member gateways and devices
 * from one channel plan of a region to another at `switchTime`, make-before-break:
 * - phase 1 (from creation until switchTime): each member device is told the union of both plans
 *   (LinkADRReq channel masks, NewChannelReq for dynamic plans) in its next class A downlink, again
 *   every `interval` seconds until it answers (member 2 request sent → 3 confirmed);
 * - at switchTime the gateways move (agent gateways get the new packet-forwarder configuration,
 *   the others are marked `manual`) and the devices' subnet becomes the next plan;
 * - phase 2: each device is told the next plan only (→ 4 finished) until `graceTime` seconds after
 *   the switch; a device that never answered is then failed ('no answer before switch').
 * Only admins reach it. Plans are written `region:subnet`, e.g. `us915:us915-2`.
 */
import { z } from 'zod';
import { eui64 } from './hex';
import { id, queryId, text } from './input';
import { NAME_MAX } from './limits';
import { pagingQuery, queryInt } from './paging';
import { V } from './validation';

/** Task and member status, as the console numbers them. */
export const SUBNET_SWITCH_STATUS = {
  waiting: 1,
  requestSent: 2,
  confirmed: 3,
  finished: 4,
  canceled: 5,
  failed: 6,
} as const;
export type SubnetSwitchStatus = (typeof SUBNET_SWITCH_STATUS)[keyof typeof SUBNET_SWITCH_STATUS];
/** A task (or a member) in these states still moves on; a device or gateway is in one open task at most. */
export const OPEN_SWITCH_STATUSES: readonly SubnetSwitchStatus[] = [1, 2, 3];

/**
 * An open task's status before its switch, from its member devices' (count per status): 1 while
 * no request went out, 3 once every device still open confirmed the union, else 2. The runner
 * stores it; the task list derives it too, so it follows the devices between the runner's looks.
 */
export function statusBeforeSwitch(devices: Partial<Record<number, number>>): 1 | 2 | 3 {
  const n = (s: number) => devices[s] ?? 0;
  const open = n(1) + n(2) + n(3);
  if (open > 0 && n(3) === open) return 3;
  return n(2) + n(3) > 0 ? 2 : 1;
}

export const SWITCH_INTERVAL_DEFAULT_S = 60;
export const SWITCH_INTERVAL_MAX_S = 86_400;
/** switchTime when the form leaves it out: this far ahead (s). */
export const SWITCH_TIME_AHEAD_S = 300;
/** switchTime at most this far ahead (days). */
export const SWITCH_TIME_MAX_DAYS = 365;
/**
 * How long after switchTime devices have to confirm the next plan (s); those that have not are
 * then failed and the task ends. Our decision: an hour covers devices that send every few minutes.
 */
export const SWITCH_GRACE_DEFAULT_S = 3600;
export const SWITCH_GRACE_MAX_S = 7 * 86_400;
/** Members added by one call. */
export const SWITCH_MEMBERS_MAX = 500;
/** Pushing the configuration to an agent gateway is tried this often before the gateway is failed. */
export const SWITCH_PUSH_TRIES = 3;

/** `region:subnet`, e.g. `us915:us915-2` (subnet ids of packages/lorawan's region catalogue). */
export const CHANNEL_PLAN = /^([a-z0-9-]{2,20}):([a-z0-9-]{1,32})$/;
export const channelPlan = text().trim().min(1, V.subnetEmpty).regex(CHANNEL_PLAN, V.subnetFormat);
export const parseChannelPlan = (plan: string): { region: string; subnet: string } => {
  const m = CHANNEL_PLAN.exec(plan);
  return { region: m?.[1] ?? '', subnet: m?.[2] ?? '' };
};

const interval = z.coerce.number().int().min(1).max(SWITCH_INTERVAL_MAX_S);
/** Epoch ms; the server also refuses one in the past (1007, field switchTime). */
const switchTime = z.coerce.number().int().min(0).max(8_640_000_000_000);
const graceTime = z.coerce.number().int().min(1).max(SWITCH_GRACE_MAX_S);

/**
 * Create a task. `interval` (s) must be shorter than the statInterval of every member gateway
 * (17004); devices have no configured heartbeat, so no device limits it. `switchTime` defaults
 * to now + 300 s. 1011 for a plan the region lacks, 1017 when the plans are of different regions
 * or the same plan.
 */
export const switchTaskBody = z.object({
  taskName: text().trim().min(1, V.taskNameEmpty).max(NAME_MAX),
  interval: interval.default(SWITCH_INTERVAL_DEFAULT_S),
  switchTime: switchTime.optional(),
  currentChannelPlan: channelPlan,
  nextChannelPlan: channelPlan,
  graceTime: graceTime.default(SWITCH_GRACE_DEFAULT_S),
});
/** Change a task before its switch time: the plans only while it has no members (17003 otherwise). */
export const switchTaskUpdateBody = z.object({
  taskId: id(),
  taskName: text().trim().min(1, V.taskNameEmpty).max(NAME_MAX).optional(),
  interval: interval.optional(),
  switchTime: switchTime.optional(),
  currentChannelPlan: channelPlan.optional(),
  nextChannelPlan: channelPlan.optional(),
  graceTime: graceTime.optional(),
});
export const switchTaskIdBody = z.object({ taskId: id() });
export const switchTaskIdQuery = z.object({ taskId: queryId() });

const statusFilter = queryInt(1, 6).optional();
export const switchTaskListQuery = pagingQuery(['createTime', 'switchTime', 'taskName', 'status'] as const).extend({
  status: statusFilter,
  taskName: text().max(NAME_MAX).optional(),
});
export const switchMemberListQuery = pagingQuery(['status', 'updateTime'] as const).extend({
  taskId: queryId(),
  status: statusFilter,
});

export const switchTask = z.object({
  taskId: z.number(),
  taskName: z.string(),
  interval: z.number(),
  switchTime: z.number(),
  graceTime: z.number(),
  currentChannelPlan: z.string(),
  nextChannelPlan: z.string(),
  status: z.number(),
  /** Channel-plan requests sent to devices, all members together. */
  triggerCount: z.number(),
  /** When the runner looks at the task next (the switch time, or the next resend). */
  nextTime: z.number(),
  /** When the gateways and devices moved; null before. */
  switchedAt: z.number().nullable(),
  /** Why the task failed (status 6), or the gateways that could not be moved. */
  errorMessage: z.string().nullable(),
  gatewayCount: z.number(),
  deviceCount: z.number(),
  /** Member devices by status ('1'..'6'). */
  deviceStatus: z.record(z.string(), z.number()),
  createTime: z.number(),
  updateTime: z.number(),
});
export type SwitchTask = z.infer<typeof switchTask>;

/** A member gateway: 1 waiting, 2 configuration being pushed, 4 moved, 6 failed (error says why). */
export const switchGateway = z.object({
  taskId: z.number(),
  gatewayId: z.string(),
  gatewayName: z.string(),
  statInterval: z.number(),
  /** The gateway has no agent: its packet forwarder must be reconfigured by hand at the switch. */
  manual: z.boolean(),
  status: z.number(),
  error: z.string().nullable(),
  updateTime: z.number(),
});

/**
 * A member device: 1 waiting, 2 request sent, 3 confirmed the union of both plans, 4 confirmed
 * the next plan, 5 canceled (told its current plan again when it had been sent the union),
 * 6 failed (error says why). `phase` is what the last request asked: 1 union, 2 next plan,
 * 0 none yet, 3 back to the current plan.
 */
export const switchDevice = z.object({
  taskId: z.number(),
  devEUI: z.string(),
  deviceName: z.string(),
  appID: z.number(),
  status: z.number(),
  phase: z.number(),
  triggerCount: z.number(),
  lastSentAt: z.number().nullable(),
  error: z.string().nullable(),
  updateTime: z.number(),
});

export const switchGatewaysBody = z.object({
  taskId: id(),
  gwIDs: z.array(eui64).min(1, V.gwIDsEmpty).max(SWITCH_MEMBERS_MAX),
});
export const switchDevicesBody = z.object({
  taskId: id(),
  devEUIs: z.array(eui64).min(1, V.selectDevices).max(SWITCH_MEMBERS_MAX),
});
export const switchApplicationBody = z.object({ taskId: id(), appID: id() });
/** Devices of the application that could not join the task, with the code that says why. */
export const switchApplicationResult = z.object({
  added: z.number(),
  skipped: z.array(z.object({ devEUI: z.string(), code: z.number() })),
});
