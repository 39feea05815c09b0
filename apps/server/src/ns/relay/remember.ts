import { sql } from 'drizzle-orm';
import type { Stage } from '../stage';
import type { RelayHop } from './hop';

/**
 * Keeps the relay of the device's last uplink on its row (null when a gateway heard it), written
 * only when it changed: unicast downlinks outside an uplink's window need to know the path.
 */
export async function rememberRelay(
  dp: Pick<Stage, 'db'>,
  dev: { devEui: string; relayDevEui: string | null },
  best: { relay?: RelayHop },
): Promise<void> {
  const relay = best.relay?.devEUI ?? null;
  if (relay === dev.relayDevEui) return;
  await dp.db.execute(sql`UPDATE devices SET relay_dev_eui = ${relay} WHERE dev_eui = ${dev.devEui}`);
}
