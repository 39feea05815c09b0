import { fileUrlOf } from '@lns/contract/files';
import { UPGRADE_TYPE, type UpgradeVersion } from '@lns/contract/upgrades';
import { describe, expect, it } from 'vitest';
import { EMPTY_TASK, type GatewayTypeOption, taskBody, typesFor, withType, withVersion } from './taskForm';

const types: GatewayTypeOption[] = [
  { gatewayType: 'rhf2s027', arch: 'arm', gateways: 3 },
  { gatewayType: 'rhf2s008', arch: 'mipsle', gateways: 1 },
  { gatewayType: 'rhf2s024', arch: 'arm', gateways: 0 },
];
const version = (over: Partial<UpgradeVersion> = {}): UpgradeVersion => ({
  id: 4,
  versionName: 'pf-2.1.0',
  upgradeType: UPGRADE_TYPE.packetForwarder,
  fileUrl: fileUrlOf('ab'.repeat(32)),
  fileName: 'lora_pkt_fwd',
  size: 10,
  digest: 'ab'.repeat(32),
  arch: 'arm',
  createdAt: 0,
  ...over,
});

describe('task form rules', () => {
  it('a type change starts the form again, the at-once limit back to its default', () => {
    expect(withType(UPGRADE_TYPE.deb)).toEqual({
      upgradeType: UPGRADE_TYPE.deb,
      versionId: '',
      name: '',
      arch: '',
      gatewayTypes: [],
      maxLimit: '5',
    });
  });

  it('a version names the task and sets the arch; types of another arch are dropped', () => {
    const v = { ...withType(UPGRADE_TYPE.packetForwarder), gatewayTypes: ['rhf2s027', 'rhf2s008'] };
    expect(withVersion(v, version(), types)).toMatchObject({
      versionId: 4,
      name: 'pf-2.1.0',
      arch: 'arm',
      gatewayTypes: ['rhf2s027'],
    });
  });

  it('deb and opkg have no arch: every type is offered', () => {
    const v = withVersion(
      withType(UPGRADE_TYPE.deb),
      version({ upgradeType: UPGRADE_TYPE.deb, arch: undefined }),
      types,
    );
    expect(v.arch).toBe('');
    expect(typesFor(types, 'deb', '')).toHaveLength(3);
    expect(typesFor(types, 'agent', 'arm').map((x) => x.gatewayType)).toEqual(['rhf2s027', 'rhf2s024']);
    expect(typesFor(types, 'agent', '')).toEqual([]);
  });

  it('the body leaves out what is not chosen', () => {
    expect(taskBody(EMPTY_TASK)).toEqual({
      name: '',
      gatewayTypes: [],
      upgradeType: undefined,
      versionId: undefined,
      maxLimit: '5',
    });
  });
});
