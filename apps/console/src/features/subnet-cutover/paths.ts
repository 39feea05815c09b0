/** Links into the cutover pages: member pages carry the task's id and name (breadcrumb label). */
export const TASKS_PATH = '/gateway/subnet-cutover';
export const memberPath = (kind: 'gateway' | 'device', t: { taskId: number; taskName: string }) =>
  `${TASKS_PATH}/${kind}?taskId=${t.taskId}&taskName=${encodeURIComponent(t.taskName)}`;
