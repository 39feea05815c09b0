import { gatewayCreateBody } from '@lns/contract/gateways';
import { describe, expect, it } from 'vitest';
import { setupI18n } from '../../../test/render';
import { contractResolver } from '../../lib/form/useContractForm';
import { emptyForm, type GatewayForm, toBody } from './form';

const base = (patch: Partial<GatewayForm> = {}): GatewayForm => ({
  ...emptyForm(),
  gwName: 'gw',
  gwID: 'a840410000000001',
  region: 'eu868',
  subnet: 'eu868-default',
  gwType: 'rhf2s027',
  txPower: 0,
  ...patch,
});

describe('gateway form', () => {
  it('drops empty push URLs and header pairs and sends the map type only with a location', () => {
    const body = toBody(
      base({
        pushUrls: ['https://a.example', ' ', ''],
        headers: [
          { key: 'x-k', value: 'v' },
          { key: '', value: 'lost' },
        ],
      }),
    );
    expect(body.pushUrls).toEqual(['https://a.example']);
    expect(body.headers).toEqual({ 'x-k': 'v' });
    expect(body).not.toHaveProperty('mapType');
    const located = toBody(base({ location: { mapType: 'gaode', lng: 121.5, lat: 31.2 } }));
    expect(located).toMatchObject({ mapType: 'gaode', longitudeForGaodeMap: 121.5, latitudeForGaodeMap: 31.2 });
    expect(located).not.toHaveProperty('latitudeForGoogleMap');
  });

  it('sends pico attributes with their defaults only for a pico gateway', () => {
    expect(toBody(base())).not.toHaveProperty('extendedAttr');
    const pico = toBody(base({ region: 'cn470alid', subnet: 'pico-net', gwType: 'rhf2sp01' }));
    expect(pico.extendedAttr).toMatchObject({
      publicChannel: { ch: 8, dr: 2 },
      dataChannel: { ch: 9, dr: 2 },
      heartBeatPeriod: 5,
    });
  });

  it('names empty and out-of-range fields with the contract rules, at the paths the form holds', async () => {
    await setupI18n('en-US');
    const check = contractResolver(gatewayCreateBody, toBody);
    const messages = async (f: GatewayForm) => {
      const { errors } = await check(f, undefined, { fields: {}, shouldUseNativeValidation: false });
      const out: Record<string, string> = {};
      const walk = (node: object, path: string) => {
        for (const [k, v] of Object.entries(node)) {
          if (k === 'message' && typeof v === 'string') out[path] = v;
          else if (v && typeof v === 'object' && k !== 'ref') walk(v, path ? `${path}.${k}` : k);
        }
      };
      walk(errors, '');
      return out;
    };
    expect(await messages(base({ gwName: '', txPower: '', mqttKeepAlive: '61', statInterval: '299' }))).toEqual({
      gwName: 'Gateway name cannot be empty',
      txPower: 'Cannot be empty',
      mqttKeepAlive: 'Please enter 5~60',
      statInterval: 'Please enter 300~1800',
    });
    expect(await messages(base())).toEqual({});
    const pico = base({
      region: 'cn470alid',
      subnet: 'pico-net',
      gwType: 'rhf2sp01',
      extendedAttr: { ...emptyForm().extendedAttr, heartBeatPeriod: '16' },
    });
    expect(await messages(pico)).toEqual({ 'extendedAttr.heartBeatPeriod': 'Please enter 1~15' });
  });
});
