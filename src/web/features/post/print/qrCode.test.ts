/** @jest-environment node */
import { create } from 'qrcode';
import { QUIET_ZONE, qrDrawing } from './qrCode';

/** The modules the path darkens, read back from it. */
function darkModules(path: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(w); i++) grid[Number(y)][Number(x) + i] = true;
  }
  return grid;
}

describe('qrDrawing', () => {
  it("draws exactly the code's dark modules, inside a quiet zone of four", () => {
    const address = `https://qarar.example/post/${encodeURIComponent('قرار-وزارة-التعليم-5')}/versions/3`;
    const { size, path } = qrDrawing(address);
    const { modules } = create(address, { errorCorrectionLevel: 'M' });
    expect(size).toBe(modules.size + 2 * QUIET_ZONE);
    const grid = darkModules(path, size);
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) {
        const inside = row >= QUIET_ZONE && col >= QUIET_ZONE && row < size - QUIET_ZONE && col < size - QUIET_ZONE;
        const expected = inside && Boolean(modules.get(row - QUIET_ZONE, col - QUIET_ZONE));
        if (grid[row][col] !== expected) throw new Error(`module ${row},${col} is ${grid[row][col]}, not ${expected}`);
      }
    }
  });

  it('is the same drawing every time (the server and the browser draw the same page)', () => {
    expect(qrDrawing('https://qarar.example/post/a/versions/1')).toEqual(qrDrawing('https://qarar.example/post/a/versions/1'));
  });
});
