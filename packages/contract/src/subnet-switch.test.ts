import { describe, expect, it } from 'vitest';
import { statusBeforeSwitch } from './subnet-switch';

describe('a cutover task before its switch', () => {
  it('waits until a request went out, is confirmed once every open device confirmed, else request sent', () => {
    expect(statusBeforeSwitch({})).toBe(1);
    expect(statusBeforeSwitch({ 1: 3 })).toBe(1);
    expect(statusBeforeSwitch({ 1: 2, 2: 1 })).toBe(2);
    expect(statusBeforeSwitch({ 1: 1, 3: 2 })).toBe(2);
    expect(statusBeforeSwitch({ 3: 3 })).toBe(3);
    // A device removed (canceled) or already failed does not hold the task back.
    expect(statusBeforeSwitch({ 3: 2, 5: 1, 6: 1 })).toBe(3);
  });
});
