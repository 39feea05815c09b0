/** Links into the FUOTA pages. */
export const statusPath = (fdID: number) => `/multicast/fuota/status?fdID=${fdID}`;
/** The multicast group's own page (its area; linked by URL, never imported). */
export const groupPath = (g: { mcEUI: string; mcName: string }) =>
  `/multicast/detail?mcEUI=${g.mcEUI}&mcName=${encodeURIComponent(g.mcName)}`;
