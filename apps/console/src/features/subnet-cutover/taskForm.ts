import {
  parseChannelPlan,
  SWITCH_GRACE_DEFAULT_S,
  SWITCH_INTERVAL_DEFAULT_S,
  SWITCH_TIME_AHEAD_S,
  type SwitchTask,
} from '@lns/contract/subnet-switch';
import dayjs from 'dayjs';

/**
 * The task form's values: the body's names (so the schema's errors land on the fields), numbers
 * as typed text, the switch time as a local date-time, and the region the two plans share.
 */
export interface CutoverForm {
  taskName: string;
  interval: string;
  switchTime: string;
  region: string;
  /** `region:subnet`, as the body carries it. */
  currentChannelPlan: string;
  nextChannelPlan: string;
  graceTime: string;
}

/** What a datetime-local input holds. */
export const LOCAL_FORMAT = 'YYYY-MM-DDTHH:mm:ss';
const localTime = (ms: number) => dayjs(ms).format(LOCAL_FORMAT);

export function formOf(task?: SwitchTask, now = Date.now()): CutoverForm {
  if (!task)
    return {
      taskName: '',
      interval: String(SWITCH_INTERVAL_DEFAULT_S),
      switchTime: localTime(now + SWITCH_TIME_AHEAD_S * 1000),
      region: '',
      currentChannelPlan: '',
      nextChannelPlan: '',
      graceTime: String(SWITCH_GRACE_DEFAULT_S),
    };
  return {
    taskName: task.taskName,
    interval: String(task.interval),
    switchTime: localTime(task.switchTime),
    region: parseChannelPlan(task.currentChannelPlan).region,
    currentChannelPlan: task.currentChannelPlan,
    nextChannelPlan: task.nextChannelPlan,
    graceTime: String(task.graceTime),
  };
}

/** Epoch ms of the typed time (NaN when it is not one, which the schema refuses). */
const switchMs = (text: string) => (text === '' ? undefined : dayjs(text).valueOf());

/** The create body: exactly the contract's fields. */
export const createBody = (v: CutoverForm) => ({
  taskName: v.taskName,
  interval: v.interval,
  switchTime: switchMs(v.switchTime),
  currentChannelPlan: v.currentChannelPlan,
  nextChannelPlan: v.nextChannelPlan,
  graceTime: v.graceTime,
});

/** The update body: the plans only while the task has no members (the server refuses them otherwise). */
export const updateBody = (task: SwitchTask, v: CutoverForm) => {
  const { currentChannelPlan, nextChannelPlan, ...rest } = createBody(v);
  const locked = task.gatewayCount + task.deviceCount > 0;
  return { taskId: task.taskId, ...rest, ...(locked ? {} : { currentChannelPlan, nextChannelPlan }) };
};
