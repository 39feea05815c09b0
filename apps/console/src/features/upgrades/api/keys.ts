/** Query keys of the upgrade pages: everything under `upgrades`, so a change refreshes what shows it. */
export const upgradeKeys = {
  all: ['upgrades'] as const,
  versions: (kind: string) => ['upgrades', 'versions', kind] as const,
  versionPage: (kind: string, q: object) => ['upgrades', 'versions', kind, q] as const,
  versionRecords: (q: object) => ['upgrades', 'versionRecords', q] as const,
  gatewayTypes: ['upgrades', 'gatewayTypes'] as const,
  tasks: (q: object) => ['upgrades', 'tasks', q] as const,
  task: (taskId: number) => ['upgrades', 'task', taskId] as const,
  taskRecords: (taskId: number, q: object) => ['upgrades', 'task', taskId, 'records', q] as const,
  records: (q: object) => ['upgrades', 'records', q] as const,
  sdk: (q: object) => ['upgrades', 'sdk', q] as const,
  pico: (q: object) => ['upgrades', 'pico', q] as const,
  gwTypeNames: ['upgrades', 'gwTypeNames'] as const,
};

/** One page of a list, as the upgrade endpoints take it. */
export interface PageQuery {
  pageNo: number;
  pageSize: number;
}
