import type { McRoute } from '@lns/contract/multicast';
import type { EChartsCoreOption } from 'echarts/core';

/** Above this many devices their names show on hover only: the graph stays readable at 500 × 20. */
export const DEVICE_LABELS_MAX = 50;
/** Above this many links the SNR shows on hover only. */
export const LINK_LABELS_MAX = 12;

/**
 * The route chart as an ECharts force graph: gateways (members bigger and coloured), devices,
 * one link per device and gateway that heard it, labelled with the mean SNR.
 */
export function routeGraph(
  route: McRoute,
  words: { gateway: string; member: string; device: string },
): EChartsCoreOption {
  const labelDevices = route.devices.length <= DEVICE_LABELS_MAX;
  const nodes = [
    ...route.gateways.map((g) => ({
      id: `g:${g.gwID}`,
      name: g.gwName || g.gwID,
      category: g.member ? 0 : 1,
      symbolSize: g.member ? 28 : 20,
      label: { show: true },
    })),
    ...route.devices.map((d) => ({
      id: `d:${d.devEUI}`,
      name: d.devName || d.devEUI,
      category: 2,
      symbolSize: 8,
      label: { show: labelDevices },
    })),
  ];
  const linkCount = route.devices.reduce((n, d) => n + d.gateways.length, 0);
  const labelLinks = linkCount <= LINK_LABELS_MAX;
  const links = route.devices.flatMap((d) =>
    d.gateways.map((g) => ({
      source: `d:${d.devEUI}`,
      target: `g:${g.gwID}`,
      value: g.snr,
      label: { show: labelLinks, formatter: `${g.snr} dB` },
    })),
  );
  return {
    tooltip: {
      formatter: (p: { dataType: string; name: string; value?: number }) =>
        p.dataType === 'edge' ? `SNR ${p.value} dB` : p.name,
    },
    legend: { data: [words.member, words.gateway, words.device] },
    series: [
      {
        type: 'graph',
        layout: 'force',
        roam: true,
        draggable: true,
        categories: [{ name: words.member }, { name: words.gateway }, { name: words.device }],
        data: nodes,
        links,
        force: { repulsion: route.devices.length > 100 ? 60 : 300, edgeLength: [80, 220], gravity: 0.05 },
        lineStyle: { opacity: 0.5, curveness: 0 },
        edgeLabel: { fontSize: 10 },
        emphasis: { focus: 'adjacency', edgeLabel: { show: true, formatter: '{c} dB' } },
      },
    ],
  };
}
