import { applicationApi } from '@lns/contract/api/applications';
import { deviceApi } from '@lns/contract/api/devices';
import { expect } from 'vitest';
import type { AuthUser } from '../src/auth/guard';
import { DeviceRepository, type ListArgs } from '../src/devices/repository';
import { connectGateway, startDataPlane } from './dataplane-kit';
import { abpDevice } from './devices-fixtures';
import { createTestApp } from './harness';

/** The five ABP devices of a device list test, abpDevice(base + 1) to abpDevice(base + 5). */
export const listDevices = (base: number) => [1, 2, 3, 4, 5].map((n) => abpDevice(base + n));

export interface DeviceListOptions {
  /** Names the user (`<prefix>-alice`) and the applications (`<prefix>-app`, `<prefix>-other`). */
  prefix: string;
  /** Created in this order in the first application, device i with `extra(i)` added. */
  devs: ReturnType<typeof listDevices>;
  extra?: (i: number) => Record<string, unknown>;
  gwID: string;
}

export type DeviceList = Awaited<ReturnType<typeof openDeviceList>>;

/**
 * A test app with its data plane started (a short de-dup window, for uplinks to land quickly), a
 * common user owning two applications, the devices created through the API in the first, and a
 * connected gateway to send their uplinks.
 */
export async function openDeviceList(o: DeviceListOptions) {
  const t = await createTestApp({ DEDUP_WINDOW_MS: '40' });
  try {
    const { dp, port } = await startDataPlane(t);
    const name = `${o.prefix}-alice`;
    const alice = await t.userWithToken(name);
    const token = alice.token;
    const user: AuthUser = { id: alice.userID, name, admin: false };
    const call = (method: 'GET' | 'POST', url: string, data?: Record<string, unknown>) =>
      t.call(token, method, url, data);
    const create = async (appName: string) =>
      (await call('POST', applicationApi.create.path, { appName })).body.data.appID as number;
    const appID = await create(`${o.prefix}-app`);
    const otherApp = await create(`${o.prefix}-other`);
    for (const [i, d] of o.devs.entries()) {
      const body = { appID, ...d, ...o.extra?.(i) };
      expect((await call('POST', deviceApi.create.path, body)).body.code).toBe(0);
    }
    const gw = await connectGateway(t, token, port, o.gwID);

    /** One page of the first application (unless `q` names another) through the API, as DevEUIs. */
    const list = async (q: Record<string, string>) => {
      const body = (await call('GET', deviceApi.list.path, { appID: String(appID), ...q })).body;
      expect(body.code).toBe(0);
      return { euis: body.data.map((d: { devEUI: string }) => d.devEUI), amount: body.amount as number };
    };
    /**
     * Reads each [offset, limit] window sorted from the devices and walked from the order index (a
     * threshold of 0 walks however few match), and expects the same page, out of `amount` devices.
     */
    const walkedAsSorted = async (
      args: Omit<ListArgs, 'appID' | 'offset' | 'limit'>,
      amount: number,
      windows: readonly (readonly [number, number])[],
    ) => {
      const sorted = new DeviceRepository(t.services.db);
      const walked = new DeviceRepository(t.services.db, 0);
      for (const [offset, limit] of windows) {
        const page = async (repo: DeviceRepository) => {
          const r = await repo.list(user, { appID, ...args, offset, limit });
          return { euis: r.rows.map((d) => d.devEui), amount: r.amount };
        };
        const expected = await page(sorted);
        expect(expected.amount).toBe(amount);
        expect(await page(walked)).toEqual(expected);
      }
    };
    return { t, dp, gw, user, appID, otherApp, call, list, walkedAsSorted };
  } catch (e) {
    await t.close();
    throw e;
  }
}

/** Closes what openDeviceList opened; safe after a failed open (nothing is left to close then). */
export async function closeDeviceList(k: DeviceList | undefined) {
  k?.gw.close();
  await k?.t.close();
}
