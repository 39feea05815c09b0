import { describe, expect, it } from 'vitest';
import { emptyForm, type GatewayForm, toBody, validate } from './form';

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

  it('names empty and out-of-range fields with the contract rules', () => {
    const { errors } = validate(base({ gwName: '', txPower: '', mqttKeepAlive: '61', statInterval: '299' }));
    const byField = Object.fromEntries(errors.map((e) => [e.field, e.kind]));
    expect(byField).toMatchObject({
      gwName: 'required',
      txPower: 'required',
      mqttKeepAlive: 'range',
      statInterval: 'range',
    });
    expect(validate(base()).errors).toEqual([]);
    const pico = validate(
      base({
        region: 'cn470alid',
        subnet: 'pico-net',
        gwType: 'rhf2sp01',
        pico: { ...emptyForm().pico, heartBeatPeriod: '16' },
      }),
    );
    expect(pico.errors).toEqual([expect.objectContaining({ field: 'extendedAttr.heartBeatPeriod', kind: 'range' })]);
  });
});
