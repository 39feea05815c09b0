/**
 * EUIs and keys travel lowercase hex without separators and are shown as uppercase
 * dash-separated byte pairs. One place for both directions.
 */
import { z } from 'zod';
import { text } from './input';
import { V } from './validation';

const SEPARATED = /^[0-9a-fA-F]{2}([-:][0-9a-fA-F]{2})+$/;

/** Accept pasted "AA-BB-..", "aa:bb:.." or plain hex; return lowercase plain hex (input unchanged if not hex-like). */
export function normalizeHex(input: string): string {
  const s = input.trim();
  if (SEPARATED.test(s)) return s.replace(/[-:]/g, '').toLowerCase();
  if (/^[0-9a-fA-F]*$/.test(s)) return s.toLowerCase();
  return s;
}

/** "0102abcd" -> "01-02-AB-CD" */
export function formatHex(hex: string | null | undefined): string {
  if (!hex) return '';
  const plain = normalizeHex(hex).toUpperCase();
  return plain.match(/.{1,2}/g)?.join('-') ?? plain;
}

export function isHex(s: string, digits?: number): boolean {
  if (!/^[0-9a-f]*$/i.test(s) || s.length % 2 !== 0) return false;
  return digits === undefined ? s.length > 0 : s.length === digits;
}

/**
 * The hex an EUI-like search keyword stands for: hex digits with any '-', ':' or space between
 * them (how the console shows EUIs and how people paste them), without the separators and
 * lowercased, so "AA-BB-CC", "aa:bb:cc" and "AABBCC" all find the same ids. Undefined for
 * anything else (a name, say), which is then matched as typed.
 */
export function searchHex(keyword: string): string | undefined {
  const k = keyword.trim();
  if (!/^[0-9a-fA-F][0-9a-fA-F\s:-]*$/.test(k)) return undefined;
  return k.replace(/[\s:-]/g, '').toLowerCase();
}

/** A zod string of exactly `digits` hex digits, normalised from pasted forms. */
export const hexString = (digits: 8 | 16 | 32) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? normalizeHex(v) : v),
    text().refine((s) => isHex(s, digits), { message: V[`hex${digits}`] }),
  );

export const eui64 = hexString(16);
export const devAddrHex = hexString(8);
export const key128 = hexString(32);
