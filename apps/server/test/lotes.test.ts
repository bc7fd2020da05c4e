import { describe, expect, it } from 'vitest';
import { enLotes } from '../src/db/lotes.ts';

/** A batcher whose batches wait to be let go, so a test decides what is in flight. */
function retenido(enVuelo: number, maximo?: number) {
  const lotes: number[][] = [];
  const soltar: (() => void)[] = [];
  const pedir = enLotes(
    async (xs: number[]) => {
      lotes.push(xs);
      await new Promise<void>((ok) => soltar.push(ok));
      if (xs.includes(-1)) throw new Error('lote fallido');
      return xs.map((x) => x * 10);
    },
    { enVuelo, ...(maximo ? { maximo } : {}) },
  );
  const siguiente = async () => {
    while (soltar.length === 0) await new Promise((ok) => setImmediate(ok));
    soltar.shift()?.();
    await new Promise((ok) => setImmediate(ok));
  };
  return { lotes, pedir, siguiente };
}

describe('natural batching (enLotes)', () => {
  it('an idle batcher sends a call at once, alone', async () => {
    const { lotes, pedir, siguiente } = retenido(1);
    const r = pedir(4);
    expect(lotes).toEqual([[4]]);
    await siguiente();
    expect(await r).toBe(40);
  });

  it('calls that come while the batches in flight run go together, each answered with its own result', async () => {
    const { lotes, pedir, siguiente } = retenido(2);
    const r = [1, 2, 3, 4, 5, 6].map((x) => pedir(x));
    expect(lotes).toEqual([[1], [2]]);
    await siguiente();
    expect(lotes).toEqual([[1], [2], [3, 4, 5, 6]]);
    await siguiente();
    await siguiente();
    expect(await Promise.all(r)).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('a batch holds at most `maximo` calls', async () => {
    const { lotes, pedir, siguiente } = retenido(1, 2);
    const r = [1, 2, 3, 4, 5].map((x) => pedir(x));
    for (let i = 0; i < 3; i++) await siguiente();
    expect(lotes).toEqual([[1], [2, 3], [4, 5]]);
    expect(await Promise.all(r)).toEqual([10, 20, 30, 40, 50]);
  });

  it('a failed batch fails each of its callers, and the next batch still goes', async () => {
    const { lotes, pedir, siguiente } = retenido(1);
    const primero = pedir(1);
    const malos = [pedir(-1), pedir(2)].map((p) => p.catch((e: Error) => e.message));
    await siguiente();
    await siguiente();
    const despues = pedir(3);
    await siguiente();
    expect(await primero).toBe(10);
    expect(await Promise.all(malos)).toEqual(['lote fallido', 'lote fallido']);
    expect(await despues).toBe(30);
    expect(lotes).toEqual([[1], [-1, 2], [3]]);
  });
});
