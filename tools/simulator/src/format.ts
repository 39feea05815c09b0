import { linkText, type SimLinks } from './agents';
import type { SimCounters, SimEvent } from './sim';

/** One line per event and the closing summary, as the CLI prints them. */
const time = (at: number) => new Date(at).toISOString().slice(11, 23);

export function formatEvent(e: SimEvent): string {
  return `${time(e.at)} ${e.type.padEnd(12)} ${e.text}`;
}

export function formatSummary(
  c: SimCounters,
  seconds: number,
  devices: number,
  gateways: number,
  links?: SimLinks,
): string {
  return [
    `--- ${gateways} gateways, ${devices} devices, ${seconds.toFixed(1)} s`,
    ...(links ? [`link           ${linkText(links)}`] : []),
    `joins          ${c.joins} accepted of ${c.joinRequests} requests, ${c.joinFailures} devices gave up`,
    `uplinks        ${c.uplinks} sent (${c.confirmedUplinks} confirmed, ${c.uplinksAcked} acknowledged), ${c.receptions} gateway receptions`,
    `downlinks      ${c.downlinks} received (${c.confirmedDownlinks} confirmed, ${c.downlinkAcksSent} ACKs sent), ${c.unmatchedDownlinks} unmatched${c.downlinksMissed ? `, ${c.downlinksMissed} missed offline` : ''}`,
    `gateways       ${c.txAcks} TX_ACKs sent, ${c.pushAcks} PUSH_ACKs received`,
    ...(multicast(c) ? [multicast(c)] : []),
    ...(fuota(c) ? [fuota(c)] : []),
    ...(c.relayedUplinks + c.relayedDownlinks > 0
      ? [`relay          ${c.relayedUplinks} frames forwarded, ${c.relayedDownlinks} downlinks handed down`]
      : []),
    `errors         ${c.errors}`,
  ].join('\n');
}

/** The multicast line, only when the devices took part in multicast. */
function multicast(c: SimCounters): string {
  const seen = c.ts005Answers + c.multicastFrames + c.multicastDuplicates + c.multicastIgnored + c.multicastOutOfRange;
  if (seen === 0) return '';
  return `multicast      ${c.ts005Answers} TS005 answers, ${c.multicastFrames} frames taken, ${c.multicastDuplicates} duplicates dropped, ${c.multicastIgnored} ignored, ${c.multicastOutOfRange} out of range`;
}

/** The FUOTA line, only when a device took part in a fragmentation session. */
function fuota(c: SimCounters): string {
  if (c.fuotaFragments + c.fuotaFragmentsLost + c.fuotaImagesRebuilt + c.fuotaIncomplete === 0) return '';
  return `fuota          ${c.fuotaFragments} fragments received, ${c.fuotaFragmentsLost} lost (--loss), ${c.fuotaImagesRebuilt} images rebuilt, ${c.fuotaIncomplete} sessions incomplete`;
}
