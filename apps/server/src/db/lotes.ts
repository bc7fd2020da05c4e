/**
 * Natural batching of one statement. A call that arrives while `enVuelo` batches are running
 * waits and goes with the others that came meanwhile, as one statement; on an idle server each
 * call goes at once, alone, so batching adds no wait. Under load one round trip (and one commit)
 * serves many requests: on the 2-core bench machine, a top-up's round trips to PostgreSQL cost
 * more than its SQL (bench:topups).
 *
 * `hacer` answers one result per entry, in the entries' order; if it throws, every caller of
 * that batch gets the error. One batch in flight (the default) made the largest batches and the
 * most top-ups a second in bench:topups (2 and 4 in flight were slower at 50 and 200 connections).
 */
export function enLotes<E, S>(
  hacer: (entradas: E[]) => Promise<S[]>,
  { enVuelo = 1, maximo = 200 }: { enVuelo?: number; maximo?: number } = {},
): (entrada: E) => Promise<S> {
  const cola: { entrada: E; ok: (s: S) => void; mal: (e: unknown) => void }[] = [];
  let corriendo = 0;
  const despachar = () => {
    while (corriendo < enVuelo && cola.length > 0) {
      const lote = cola.splice(0, maximo);
      corriendo++;
      hacer(lote.map((p) => p.entrada))
        .then(
          (resultados) => {
            for (const [i, p] of lote.entries()) p.ok(resultados[i] as S);
          },
          (e: unknown) => {
            for (const p of lote) p.mal(e);
          },
        )
        .finally(() => {
          corriendo--;
          despachar();
        });
    }
  };
  return (entrada) =>
    new Promise<S>((ok, mal) => {
      cola.push({ entrada, ok, mal });
      despachar();
    });
}

/**
 * One batcher per database handle and statement: a server has one handle, but tests and
 * benchmarks open several databases in one process.
 */
export function porBase<D extends object, E, S>(
  crear: (db: D) => (entrada: E) => Promise<S>,
): (db: D, entrada: E) => Promise<S> {
  const lotes = new WeakMap<D, (entrada: E) => Promise<S>>();
  return (db, entrada) => {
    let l = lotes.get(db);
    if (!l) {
      l = crear(db);
      lotes.set(db, l);
    }
    return l(entrada);
  };
}
