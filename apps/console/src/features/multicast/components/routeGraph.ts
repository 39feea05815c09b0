import type { McRoute } from '@lns/contract/multicast';
import type { EChartsCoreOption } from 'echarts/core';

/** Above this many devices their names show on hover only: the graph stays readable at 500 × 20. */
export const DEVICE_LABELS_MAX = 50;
/** The same in a phone-width card. */
export const DEVICE_LABELS_MAX_NARROW = 10;
/** Above this many links the SNR shows on hover only. */
export const LINK_LABELS_MAX = 12;

/**
 * The route chart as an ECharts force graph: gateways (members bigger and coloured), devices,
 * one link per device and gateway that heard it, labelled with the mean SNR.
 */
export function routeGraph(
  route: McRoute,
  words: { gateway: string; member: string; device: string },
  /** A phone-width card: the nodes repel less, so the graph stays inside it. */
  narrow = false,
): EChartsCoreOption {
  const labelDevices = route.devices.length <= (narrow ? DEVICE_LABELS_MAX_NARROW : DEVICE_LABELS_MAX);
  const scale = narrow ? 0.6 : 1;
  // A node's value sets its repulsion (see `force`): gateways that heard more devices push harder,
  // so gateways that all heard the same devices do not pile up in the middle.
  const nodes = [
    ...route.gateways.map((g) => ({
      id: `g:${g.gwID}`,
      name: g.gwName || g.gwID,
      value: Math.max(1, g.deviceNums),
      category: g.member ? 0 : 1,
      symbolSize: g.member ? 28 : 20,
      label: { show: true, position: narrow ? 'bottom' : 'right', fontWeight: 'bold' },
    })),
    ...route.devices.map((d) => ({
      id: `d:${d.devEUI}`,
      name: d.devName || d.devEUI,
      value: 1,
      category: 2,
      symbolSize: 8,
      label: { show: labelDevices, position: 'right' },
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
    legend: { top: 0, data: [words.member, words.gateway, words.device] },
    series: [
      {
        type: 'graph',
        top: 40,
        layout: 'force',
        roam: true,
        draggable: true,
        categories: [{ name: words.member }, { name: words.gateway }, { name: words.device }],
        data: nodes,
        links,
        force: {
          repulsion: (route.devices.length > 100 ? [60, 240] : [200, 800]).map((r) => r * scale),
          edgeLength: [80 * scale, 220 * scale],
          gravity: 0.1,
        },
        // Names that would overlap another show on hover instead.
        labelLayout: { hideOverlap: true },
        lineStyle: { opacity: 0.5, curveness: 0 },
        edgeLabel: { fontSize: 10 },
        emphasis: { focus: 'adjacency', edgeLabel: { show: true, formatter: '{c} dB' } },
      },
    ],
  };
}
