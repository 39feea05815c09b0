/** Seconds since boot as days, hours and minutes (the text is relay:uptime). */
export function uptimeParts(seconds: number): { d: number; h: number; m: number } {
  const s = Math.max(0, Math.floor(seconds));
  return { d: Math.floor(s / 86_400), h: Math.floor((s % 86_400) / 3600), m: Math.floor((s % 3600) / 60) };
}
