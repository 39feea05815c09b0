import type { LogFile } from '@lns/contract/gateway-commands';

export type LogOrder = 'logName' | 'logSize' | 'modifiedAt';

/** One page of the listed files in the chosen order (the agent lists a whole directory at once). */
export function pageOfLogs(
  files: LogFile[],
  p: { pageNo: number; pageSize: number; orderBy?: LogOrder; orderType: 'asc' | 'desc' },
): LogFile[] {
  const by = p.orderBy ?? 'modifiedAt';
  const sign = p.orderType === 'asc' ? 1 : -1;
  const sorted = [...files].sort((a, b) => {
    const x = a[by];
    const y = b[by];
    return sign * (typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number));
  });
  return sorted.slice((p.pageNo - 1) * p.pageSize, p.pageNo * p.pageSize);
}
