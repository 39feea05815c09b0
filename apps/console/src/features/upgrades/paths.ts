/** Links into the upgrade pages. */
export const TASK_LIST_PATH = '/gateway/task-list';
export const taskDetailPath = (t: { taskId: number; taskName: string }) =>
  `/gateway/upgrade/task/detail?taskId=${t.taskId}&taskName=${encodeURIComponent(t.taskName)}`;
/** The upgrade records of one gateway (the gateway pages carry gwID and gwName). */
export const gatewayRecordsPath = (g: { gatewayId: string; gatewayName: string }) =>
  `/gateway/upgrade-record?gwID=${g.gatewayId}&gwName=${encodeURIComponent(g.gatewayName)}`;
