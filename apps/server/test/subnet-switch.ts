import { eq } from 'drizzle-orm';
import { switchTasks } from '../src/db/schema/subnet-switch';
import type { TestApp } from './harness';

/**
 * Brings a cutover task's switch time to now and lets the runner look: the API takes only times
 * ahead, and a test should not wait five minutes for the switch.
 */
export async function switchNow(t: TestApp, taskId: number): Promise<void> {
  await t.services.db
    .update(switchTasks)
    .set({ switchTime: Date.now() - 10 })
    .where(eq(switchTasks.id, taskId));
  await t.services.subnetSwitch.look();
}
