import { SCAN_MAX_POINTS } from '@lns/contract/gateway-commands';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { defaultScanForm } from './scanDefaults';
import { scanCheck, toHz } from './scanForm';

const gw = 'a840411b2c3d4e01';

describe('noise scan form', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['gatewayOps']);
  });

  it('starts from the region’s band with the SX1302 step', () => {
    expect(defaultScanForm('eu868')).toEqual({ min: '863', max: '870', step: '0.2' });
    expect(defaultScanForm('us915')).toMatchObject({ min: '902', max: '928' });
    expect(defaultScanForm('as923-2')).toMatchObject({ min: '915', max: '928' });
    expect(defaultScanForm('cn470alid')).toMatchObject({ min: '470', max: '510' });
    expect(defaultScanForm('xx123')).toEqual({ min: '', max: '', step: '0.2' });
  });

  it('sends Hz, counting the frequencies', () => {
    expect(toHz('868.1')).toBe(868_100_000);
    expect(scanCheck({ min: '863', max: '870', step: '0.2' }, gw)).toEqual({
      range: { frequencyMin: 863_000_000, frequencyMax: 870_000_000, frequencyStep: 200_000 },
      errors: {},
      points: 36,
    });
  });

  it('refuses a max not above the min, too many points, out-of-range and empty values, in words', () => {
    const reversed = scanCheck({ min: '870', max: '863', step: '0.2' }, gw);
    expect(reversed.range).toBeUndefined();
    expect(reversed.errors).toEqual({ max: 'Must be above the start frequency' });
    const many = scanCheck({ min: '800', max: '900', step: '0.1' }, gw);
    expect(many.range).toBeUndefined();
    expect(many.errors.step).toBe(`At most ${SCAN_MAX_POINTS} frequencies: this range has 1001, take a larger step`);
    expect(scanCheck({ min: '50', max: '870', step: '0.2' }, gw).errors.min).toBe('Please enter 100~1000 MHz');
    expect(scanCheck({ min: '863', max: '870', step: '10' }, gw).errors.step).toBe('Please enter 0.025~5 MHz');
    expect(scanCheck({ min: '', max: 'abc', step: '0.2' }, gw).errors).toEqual({
      min: 'Cannot be empty',
      max: 'Must be a number',
    });
  });
});
