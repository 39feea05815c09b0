import type { AgentReport } from '@lns/contract/gateway-agent';
import type { GatewayReport } from '@lns/contract/gateways';
import { mergeGatewayReport } from '../gateways/repository';
import type { Stage } from '../ns/stage';

/** The fields with a value (a report's null, "not readable here", leaves the stored value out). */
const defined = <T extends object>(o: T): { [K in keyof T]?: NonNullable<T[K]> } =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as {
    [K in keyof T]?: NonNullable<T[K]>;
  };

/**
 * An agent report (docs/protocols/gateway-agent.md): its fields merged into the gateway's stored
 * report (detail, report info, /api/gateway/status/*), and the figures that change over time as a
 * status row (status history, push URL + /gwstat, MQTT `gateway/<gwID>/event/stats`).
 */
export async function storeAgentReport(
  dp: Pick<Stage, 'db' | 'gateways'>,
  gwId: string,
  r: AgentReport,
): Promise<void> {
  const { info = {}, network = {}, system = {}, packetForwarder, versions } = r;
  const report: GatewayReport = defined({
    ...info,
    ...network,
    ...system,
    ...(packetForwarder && { packetForwarder }),
    ...(versions && { versions }),
    reportedAt: r.time,
    updatedAt: Date.now(),
  });
  await mergeGatewayReport(dp.db, gwId, report);
  dp.gateways.stat(
    gwId,
    defined({
      cpuUsage: system.cpuUsage,
      memUsage: system.memUsage,
      rootDiskUsage: system.rootDiskUsage,
      logDiskUsage: system.logDiskUsage,
      temperature: system.temperature,
      nwkDelay: network.nwkDelay,
      lteSignal: network.lteSignal,
      rxnb: packetForwarder?.rxReceived,
      rxok: packetForwarder?.rxOk,
      dwnb: packetForwarder?.txReceived,
      txnb: packetForwarder?.txEmitted,
    }),
  );
}
