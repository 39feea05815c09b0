import dayjs from 'dayjs';

/** 10 digits = seconds, otherwise milliseconds; shown as YYYY/MM/DD HH:mm:ss. Empty for nothing. */
export function formatTime(ts: number | string | null | undefined): string {
  if (ts === null || ts === undefined || ts === '') return '';
  const s = String(ts).trim();
  if (!/^\d+$/.test(s)) {
    const d = dayjs(s);
    return d.isValid() ? d.format('YYYY/MM/DD HH:mm:ss') : s;
  }
  const n = Number(s);
  return dayjs(s.length === 10 ? n * 1000 : n).format('YYYY/MM/DD HH:mm:ss');
}

/** Counts with units: below 1000 as is; then K+, M+, B+ at 10^3, 10^6, 10^9 (one decimal, trimmed). */
export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  const units: [number, string][] = [
    [1e9, 'B+'],
    [1e6, 'M+'],
    [1e3, 'K+'],
  ];
  for (const [v, u] of units) {
    if (Math.abs(n) >= v) return `${Math.floor((n / v) * 10) / 10}${u}`;
  }
  return String(n);
}

/** Bytes in words: "1,234 B", or KB/MB/GB above them (1024 each). */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size.toLocaleString()} B`;
  if (size < 1024 ** 2) return `${(size / 1024).toFixed(1)} KB`;
  if (size < 1024 ** 3) return `${(size / 1024 ** 2).toFixed(2)} MB`;
  return `${(size / 1024 ** 3).toFixed(2)} GB`;
}
