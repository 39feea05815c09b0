import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

/**
 * Draws the slide-puzzle images in pure JavaScript (no native canvas): a random
 * background with a darkened gap, and the piece cut from the same spot.
 */
export interface PuzzleImages {
  background: Buffer;
  piece: Buffer;
  gapX: number;
  gapY: number;
}

/** Piece outline: a square with a knob on the top and on the right. */
function inPiece(x: number, y: number, size: number): boolean {
  const s = size;
  const r = s * 0.12;
  const lo = s * 0.08;
  const hi = s * 0.88;
  if (x >= lo && x <= hi && y >= lo && y <= hi) return true;
  const knob = (cx: number, cy: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  return knob(hi, s / 2) || knob(s / 2, lo);
}

function onEdge(x: number, y: number, size: number): boolean {
  if (!inPiece(x, y, size)) return false;
  return (
    !inPiece(x - 1.5, y, size) || !inPiece(x + 1.5, y, size) || !inPiece(x, y - 1.5, size) || !inPiece(x, y + 1.5, size)
  );
}

function paintBackground(png: PNG): void {
  const { width: w, height: h } = png;
  const c1 = [randomInt(40, 200), randomInt(40, 200), randomInt(40, 200)];
  const c2 = [randomInt(40, 200), randomInt(40, 200), randomInt(40, 200)];
  const blobs = Array.from({ length: 14 }, () => ({
    x: randomInt(0, w),
    y: randomInt(0, h),
    r: randomInt(10, 45),
    c: [randomInt(0, 256), randomInt(0, 256), randomInt(0, 256)],
  }));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = (x / w + y / h) / 2;
      const px = [0, 1, 2].map((i) => c1[i]! * (1 - t) + c2[i]! * t);
      for (const b of blobs) {
        const d = (x - b.x) ** 2 + (y - b.y) ** 2;
        if (d < b.r * b.r) for (let i = 0; i < 3; i++) px[i] = px[i]! * 0.4 + b.c[i]! * 0.6;
      }
      const noise = randomInt(-12, 13);
      const o = (y * w + x) * 4;
      for (let i = 0; i < 3; i++) png.data[o + i] = Math.max(0, Math.min(255, Math.round(px[i]! + noise)));
      png.data[o + 3] = 255;
    }
  }
}

export function drawPuzzle(width: number, height: number, size: number): PuzzleImages {
  const bg = new PNG({ width, height });
  paintBackground(bg);
  const gapX = randomInt(size + 20, width - size - 10);
  const gapY = randomInt(10, height - size - 10);
  const piece = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const po = (y * size + x) * 4;
      const bo = ((gapY + y) * width + gapX + x) * 4;
      if (!inPiece(x, y, size)) {
        piece.data[po + 3] = 0;
        continue;
      }
      const edge = onEdge(x, y, size);
      for (let i = 0; i < 3; i++) {
        piece.data[po + i] = edge ? 255 : bg.data[bo + i]!;
        bg.data[bo + i] = edge ? 230 : Math.round(bg.data[bo + i]! * 0.35);
      }
      piece.data[po + 3] = 255;
    }
  }
  return { background: PNG.sync.write(bg), piece: PNG.sync.write(piece), gapX, gapY };
}
