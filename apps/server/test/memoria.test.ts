import { describe, expect, it, vi } from 'vitest';

const banderas: string[] = [];
vi.mock('node:v8', () => ({ setFlagsFromString: (b: string) => banderas.push(b) }));
const { conGcFrecuente } = await import('../src/lib/memoria.ts');

describe('tight GC pacing only while a long export or upload runs', () => {
  it('is set by the first of two overlapping jobs and put back by the last, also after an error', async () => {
    let soltarA = () => {};
    const a = conGcFrecuente(() => new Promise<void>((ok) => (soltarA = ok)));
    const b = conGcFrecuente(async () => {
      throw new Error('falló');
    });
    await expect(b).rejects.toThrow('falló');
    expect(banderas).toEqual(['--heap-growing-percent=50']);
    soltarA();
    await a;
    expect(banderas).toEqual(['--heap-growing-percent=50', '--heap-growing-percent=0']);
    expect(await conGcFrecuente(async () => 7)).toBe(7);
    expect(banderas.slice(2)).toEqual(['--heap-growing-percent=50', '--heap-growing-percent=0']);
  });
});
