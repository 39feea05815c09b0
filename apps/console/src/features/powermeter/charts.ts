import type { UsageDay } from '@lns/contract/usage';

type T = (key: string) => string;

const MB = 1024 * 1024;
const grid = { left: 56, right: 16, top: 40, bottom: 30 };
// Legend on top: ECharts puts it at the bottom, over the day labels.
const legend = (names: string[]) => ({ top: 0, data: names });
const days = (rows: UsageDay[]) => ({ type: 'category', data: rows.map((r) => r.day.slice(5)) });

/** Uplinks, downlinks and joins per day, as bars. */
export function trafficOption(rows: UsageDay[], t: T) {
  const names = [t('uplinks'), t('downlinks'), t('joins')];
  return {
    tooltip: { trigger: 'axis' },
    legend: legend(names),
    grid,
    xAxis: days(rows),
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: names[0], type: 'bar', data: rows.map((r) => r.uplinks) },
      { name: names[1], type: 'bar', data: rows.map((r) => r.downlinks) },
      { name: names[2], type: 'bar', data: rows.map((r) => r.joins) },
    ],
  };
}

/** Devices and gateways at the end of each day; gaps where the server did not run. */
export function fleetOption(rows: UsageDay[], t: T) {
  const names = [t('devices'), t('gateways')];
  return {
    tooltip: { trigger: 'axis' },
    legend: legend(names),
    grid,
    xAxis: days(rows),
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: names[0], type: 'line', data: rows.map((r) => r.devices) },
      { name: names[1], type: 'line', data: rows.map((r) => r.gateways) },
    ],
  };
}

/** Database size at the end of each day, in MB. */
export function storageOption(rows: UsageDay[], t: T) {
  const name = t('storageMb');
  return {
    tooltip: { trigger: 'axis' },
    legend: legend([name]),
    grid,
    xAxis: days(rows),
    yAxis: { type: 'value' },
    series: [
      {
        name,
        type: 'line',
        areaStyle: {},
        data: rows.map((r) => (r.storageBytes === null ? null : Math.round((r.storageBytes / MB) * 10) / 10)),
      },
    ],
  };
}
