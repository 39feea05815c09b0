import { describe, expect, it } from 'vitest';
import { cmac } from './cmac';

const h = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');

// RFC 4493 §4 test vectors (AES-CMAC with K = 2b7e1516 28aed2a6 abf71588 09cf4f3c).
describe('AES-CMAC (RFC 4493)', () => {
  const K = '2b7e151628aed2a6abf7158809cf4f3c';
  const M =
    '6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710';
  it.each([
    [0, 'bb1d6929e95937287fa37d129b756746'],
    [16, '070a16b46b4d4144f79bdd9dd04a287c'],
    [40, 'dfa66747de9ae63030ca32611497c827'],
    [64, '51f0bebf7e3b9d92fc49741779363cfe'],
  ])('Mlen = %i', (len, tag) => {
    expect(cmac(K, h(M).subarray(0, len)).toString('hex')).toBe(tag);
    expect(cmac(h(K), h(M).subarray(0, len)).toString('hex')).toBe(tag);
  });
});

describe('AES-CMAC subkeys kept per key', () => {
  it('gives each key its own tag when keys alternate, and a caller changing its key buffer afterwards changes nothing', () => {
    const K = '2b7e151628aed2a6abf7158809cf4f3c';
    const msg = h('6bc1bee22e409f96e93d7e117393172a');
    const other = Buffer.alloc(16, 0x11);
    const first = cmac(other, msg).toString('hex');
    expect(cmac(K, msg).toString('hex')).toBe('070a16b46b4d4144f79bdd9dd04a287c');
    // The same key as bytes the caller then reuses for another key: the cache keeps no reference to it.
    other.fill(0x22);
    const second = cmac(other, msg).toString('hex');
    expect(second).not.toBe(first);
    expect(cmac(Buffer.alloc(16, 0x11), msg).toString('hex')).toBe(first);
    expect(cmac(K, msg).toString('hex')).toBe('070a16b46b4d4144f79bdd9dd04a287c');
  });
});
