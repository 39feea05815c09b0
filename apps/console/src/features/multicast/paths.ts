/** Links between the multicast pages: every page of a group carries its EUI and name. */
export const groupQuery = (g: { mcEUI: string; mcName: string }) =>
  `mcEUI=${g.mcEUI}&mcName=${encodeURIComponent(g.mcName)}`;
export const groupPath = (
  page: 'detail' | 'device-list' | 'gateway-list' | 'downlink',
  g: { mcEUI: string; mcName: string },
) => `/multicast/${page}?${groupQuery(g)}`;
