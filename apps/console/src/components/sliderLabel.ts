/**
 * Where a slider's label goes so its handle never covers it: the wider part of the track beside
 * the handle (a captcha handle stops wherever the puzzle's gap is, often mid-track).
 */
export function labelBox(x: number, handle: number, width: number): { left: number; right: number } {
  const freeLeft = x;
  const freeRight = width - x - handle;
  return freeRight >= freeLeft ? { left: x + handle, right: 0 } : { left: 0, right: width - x };
}
