import { mcGroupApi as api } from '@lns/contract/api/multicast';
import { C } from '@lns/contract/codes';
import { MC_GROUP_ID_NONE, MC_SYNC_STATES, type McGroupFields } from '@lns/contract/multicast';
import { pageWindow } from '@lns/contract/paging';
import { inArray, or, sql } from 'drizzle-orm';
import { likePrefix } from '../../applications/repository';
import { noteAudit } from '../../audit/hook';
import type { AuthUser } from '../../auth/guard';
import { localTopics } from '../../bus/bus';
import { uniqueViolation } from '../../db/errors';
import { mcGroups } from '../../db/schema/multicast';
import { checkRegion } from '../../devices/regions';
import { DomainError } from '../../errors';
import { type GroupInput, type GroupListRow, GroupRepository } from '../../multicast/groups';
import { freshGroupKeys, needsRestart } from '../../multicast/keys';
import { forgetGroup, setUpMembers, startSetup } from '../../ns/multicast/setup';
import { refuseBatch } from '../devices/refuse';
import { list, ok } from '../envelope';
import { pushUrlGuard } from '../push-urls';
import { route } from '../route';
import type { RouteModule } from '../types';

const row = (r: GroupListRow) => {
  const g = r.group;
  return {
    mcEUI: g.mcEui,
    mcName: g.name,
    region: g.region,
    subnet: g.autoSubnet ? 'auto' : (g.subnet ?? ''),
    autoSubnet: g.autoSubnet,
    mcClass: g.mcClass,
    pingSlotPeriod: g.pingSlotPeriod,
    enableMCRemote: g.enableRemote,
    groupID: g.groupId,
    enableMCExt: g.enableExt,
    timeSlotLength: g.timeSlotLength,
    mcAddr: g.mcAddr,
    enableMQTT: g.enableMqtt,
    pushUrls: g.pushUrls,
    deviceNums: r.deviceNums,
    gatewayNums: r.gatewayNums,
    syncNums: r.syncNums,
    joined: g.enableRemote ? r.deviceNums > 0 && r.syncNums === r.deviceNums : null,
    syncFCnt: g.fCnt,
    username: r.username,
    createtime: g.createdAt,
    updatetime: g.updatedAt,
  };
};

const ZERO_KEY = /^0{32}$/;

export const mcGroupRoutes: RouteModule = (app, s) => {
  const groups = new GroupRepository(s.db);
  const refusePrivate = pushUrlGuard(s.config);

  const visibleGroup = async (mcEUI: string, user: AuthUser, field = 'mcEUI') => {
    const g = await groups.visible(mcEUI, user);
    if (!g) throw new DomainError(C.MC_MISSING, undefined, field);
    return g;
  };

  /** The checks a group form passes on create and update; the stored columns it becomes. */
  const checked = async (b: McGroupFields, ownerId: number, current?: { mcEui: string; mcKey: string | null }) => {
    const region = checkRegion(b.region, b.subnet, b.autoSubnet);
    if (region) throw new DomainError(region.code, region.reason, region.field);
    if (b.enableMCRemote && b.groupID === MC_GROUP_ID_NONE)
      throw new DomainError(C.MC_GROUP_ID, 'remote setup needs a group ID from 0 to 3', 'groupID');
    // The GenAppKey protects the group key on the air: an all-zero key would give it away.
    if (b.enableMCRemote && ZERO_KEY.test(b.genAppKey))
      throw new DomainError(C.MC_GEN_APP_KEY, 'an all-zero GenAppKey cannot protect the group key', 'genAppKey');
    if (await groups.nameTaken(ownerId, b.mcName, current?.mcEui))
      throw new DomainError(C.MC_NAME_EXISTS, undefined, 'mcName');
    refusePrivate(b.pushUrls);
    const keys = b.enableMCRemote
      ? freshGroupKeys(b.mcAddr, current?.mcKey ?? undefined)
      : { mcKey: null, mcAppSKey: b.mcAppSKey!, mcNwkSKey: b.mcNwkSKey! };
    if (await groups.addrKeyTaken(b.mcAddr, keys.mcNwkSKey, current?.mcEui))
      throw new DomainError(C.MC_ADDR_KEY_REPEAT, undefined, 'mcAddr');
    const input: GroupInput = {
      mcEui: b.mcEUI,
      name: b.mcName,
      region: b.region,
      subnet: b.autoSubnet ? null : (b.subnet ?? null),
      autoSubnet: b.autoSubnet,
      mcClass: b.mcClass,
      pingSlotPeriod: b.pingSlotPeriod,
      enableRemote: b.enableMCRemote,
      groupId: b.groupID,
      genAppKey: b.genAppKey,
      enableExt: b.enableMCExt,
      timeSlotLength: b.timeSlotLength,
      mcAddr: b.mcAddr,
      ...keys,
      enableMqtt: b.enableMQTT,
      pushUrls: b.pushUrls,
      headers: b.headers,
    };
    return input;
  };

  /** Devices that knew the old setup forget it; remote members start again. */
  const restartSetup = async (mcEUI: string, told: { devEui: string; groupId: number }[]) => {
    await forgetGroup(s.dataPlane, told);
    await startSetup(s.dataPlane, await groups.memberDevices(mcEUI));
  };

  const refuseWithoutBroker = () => {
    if (!s.mqtt.available) throw new DomainError(C.MQTT_UNAVAILABLE, undefined, 'enableMQTT');
  };

  // The unique indexes settle races between two requests that both passed the checks.
  const save = async (write: () => Promise<void>) => {
    try {
      await write();
    } catch (err) {
      const v = uniqueViolation(err);
      if (v === undefined) throw err;
      const index = v.constraint ?? '';
      if (index.includes('name')) throw new DomainError(C.MC_NAME_EXISTS, undefined, 'mcName');
      if (index.includes('addr')) throw new DomainError(C.MC_ADDR_KEY_REPEAT, undefined, 'mcAddr');
      throw new DomainError(C.MC_EXISTS, undefined, 'mcEUI');
    }
  };

  s.search.register('mcgroup', async ({ keyword, hex, user, limit, offset }) => {
    const byName = sql`lower(${mcGroups.name}) LIKE ${likePrefix(keyword.toLowerCase())}`;
    const where = hex ? or(sql`${mcGroups.mcEui} LIKE ${likePrefix(hex)}`, byName) : byName;
    const { rows, amount } = await groups.list(user, { limit, offset, orderBy: 'mcName', orderType: 'asc', where });
    return { rows: rows.map(row), amount };
  });

  route(app, api.list, async (req) => {
    const q = req.query;
    const { rows, amount } = await groups.list(req.user, {
      ...pageWindow(q),
      orderBy: q.orderBy,
      orderType: q.orderType,
      where: q.regions?.length ? inArray(mcGroups.region, q.regions) : undefined,
    });
    return list(rows.map(row), amount);
  });

  route(app, api.info, async (req) => {
    const g = await visibleGroup(req.query.mcEUI, req.user);
    const r = (await groups.one(g.mcEui))!;
    return ok({
      ...row(r),
      genAppKey: g.genAppKey,
      mcAppSKey: g.mcAppSKey,
      mcNwkSKey: g.mcNwkSKey,
      headers: g.headers,
    });
  });

  route(app, api.create, async (req) => {
    const b = req.body;
    if (await groups.exists(b.mcEUI)) throw new DomainError(C.MC_EXISTS, undefined, 'mcEUI');
    if (b.enableMQTT) refuseWithoutBroker();
    const input = await checked(b, req.user.id);
    await save(() => groups.create(req.user.id, input));
    return ok({ mcEUI: b.mcEUI });
  });

  route(app, api.update, async (req) => {
    const b = req.body;
    const current = await visibleGroup(b.mcEUI, req.user);
    if (b.enableMQTT && !current.enableMqtt) refuseWithoutBroker();
    const input = await checked(b, current.ownerId, current);
    const restart = needsRestart(current, input);
    const told = restart ? await setUpMembers(s.dataPlane, await groups.memberDevices(current.mcEui)) : [];
    await save(() => groups.update(current.mcEui, input, restart));
    if (restart) await restartSetup(current.mcEui, told);
    noteAudit(req, { before: current, after: { ...current, ...input } });
    return ok();
  });

  route(app, api.delete, async (req, reply) => {
    const ids = [...new Set(req.body.mcEUIs)];
    const failed = [];
    for (const id of ids) {
      if (!(await groups.visible(id, req.user)))
        failed.push({ id, code: C.MC_MISSING, reason: 'multicast group missing' });
    }
    if (failed.length) return refuseBatch(req, reply, C.MC_BATCH_DELETE, { done: [], failed }, undefined, 'mcEUIs');
    const told = await setUpMembers(s.dataPlane, (await Promise.all(ids.map((id) => groups.memberDevices(id)))).flat());
    await groups.deleteMany(ids);
    // MQTT subscriptions to these groups end (an EUI created again may belong to someone else).
    s.local.publish(localTopics.entityDeleted, { multicastGroups: ids });
    await forgetGroup(s.dataPlane, told);
    return ok({ done: ids, failed: [] });
  });

  route(app, api.reset, async (req) => {
    const g = await visibleGroup(req.body.mcEUI, req.user);
    if (!g.enableRemote) throw new DomainError(C.MC_REMOTE_OFF, undefined, 'mcEUI');
    // A new group key: devices set up with the old one can no longer read the group's frames.
    const told = await setUpMembers(s.dataPlane, await groups.memberDevices(g.mcEui));
    await groups.update(g.mcEui, { enableRemote: true, ...freshGroupKeys(g.mcAddr) }, true);
    await restartSetup(g.mcEui, told);
    return ok();
  });

  route(app, api.status, async (req) => {
    const g = await visibleGroup(req.query.mcEUI, req.user);
    const counts = Object.fromEntries(MC_SYNC_STATES.map((st) => [st, 0])) as Record<
      (typeof MC_SYNC_STATES)[number],
      number
    >;
    let deviceNums = 0;
    let sessionEnds: number | null = null;
    for (const r of await groups.statesOf(g.mcEui)) {
      if (r.state in counts) counts[r.state as keyof typeof counts] = r.n;
      deviceNums += r.n;
      // The joined members' sessions: the first to end.
      if (r.state === 'joined' && r.ends !== null) sessionEnds = Number(r.ends);
    }
    return ok({ mcEUI: g.mcEui, deviceNums, states: counts, syncFCnt: g.fCnt, sessionEnds });
  });
};
