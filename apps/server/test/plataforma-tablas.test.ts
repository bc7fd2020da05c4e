import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each table is written by one module (ARCHITECTURE.md, issue 43): the module whose file of
 * db/schema/<area>.ts declares its row type. Another module that needs it changed calls a
 * function its owner exports (a whole statement, or the SQL of a CTE, as auditoria's
 * insertarDesde). The writes are read from the source: Kysely's insertInto/updateTable/
 * deleteFrom/mergeInto and SQL text's insert into/update ... set/delete from/merge into.
 */
const src = new URL('../src/', import.meta.url).pathname;
const leer = (ruta: string) => readFileSync(join(src, ruta), 'utf8');

/** Table → its module, from the imports of db/schema.ts and its DB interface. */
function duenos(esquema: string): Map<string, string> {
  const areaDeTipo = new Map<string, string>();
  for (const m of esquema.matchAll(/import type \{([^}]*)\} from '\.\/schema\/([a-z]+)\.ts'/g))
    for (const tipo of (m[1] ?? '').split(',').map((t) => t.trim()))
      if (tipo) areaDeTipo.set(tipo, m[2] ?? '');
  const db = esquema.slice(esquema.indexOf('export interface DB {'));
  const tablas = new Map<string, string>();
  for (const m of db.matchAll(/^\s+([a-z_]+): (\w+);$/gm))
    tablas.set(m[1] ?? '', areaDeTipo.get(m[2] ?? '') ?? '?');
  return tablas;
}

/** Tables made by migrations without a row type in schema.ts (raw SQL only), and their module. */
const SIN_TIPO: Record<string, string> = {
  ventas_hora: 'reportes',
  ventas_hora_hechos: 'reportes',
  ventas_chips_dia: 'reportes',
  ventas_chips_hora: 'reportes',
};

const ESCRITURAS = [
  /\.(?:insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(\s*'([a-z_]+)/g,
  /\binsert\s+into\s+([a-z_]+)/gi,
  /\bdelete\s+from\s+([a-z_]+)/gi,
  /\bmerge\s+into\s+([a-z_]+)/gi,
  // Not `on conflict ... do update set` nor `for update of`: a table, maybe an alias, then set.
  /(?<!do\s+)\bupdate\s+([a-z_]+)(?:\s+(?:as\s+)?(?!set\b)[a-z_]+)?\s+set\b/gi,
];

/** The tables a source text writes. */
function escritas(texto: string): string[] {
  return ESCRITURAS.flatMap((re) => [...texto.matchAll(re)].map((m) => (m[1] ?? '').toLowerCase()));
}

const archivos = (dir: string): string[] =>
  readdirSync(join(src, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? archivos(join(dir, e.name)) : /\.[cm]?[jt]s$/.test(e.name) ? [join(dir, e.name)] : [],
  );

describe('each table is written by one module', () => {
  const tablas = new Map([...duenos(leer('db/schema.ts')), ...Object.entries(SIN_TIPO)]);
  const modulos = readdirSync(join(src, 'modules'));
  const escrituras = modulos.flatMap((modulo) =>
    archivos(join('modules', modulo)).flatMap((archivo) =>
      escritas(leer(archivo)).map((tabla) => ({ modulo, archivo, tabla })),
    ),
  );

  it('every table has an owning module (its schema file), and the scan finds the writes', () => {
    expect(tablas.size).toBeGreaterThan(50);
    expect([...tablas].filter(([, area]) => !modulos.includes(area))).toEqual([]);
    expect(escrituras.length).toBeGreaterThan(100);
  });

  it('reads each kind of write, and no query that only reads', () => {
    expect(
      escritas(`db.insertInto('a').values(x); db.updateTable('b'); tx.deleteFrom('c as x');
        insert into d as x (id) select 1 on conflict (id) do update set n = 1; update e t set n = 1;
        update f set n = 1; delete from g; select 1 from h for update of h; select * from i for update`),
    ).toEqual(['a', 'b', 'c', 'd', 'g', 'e', 'f']);
  });

  it('no module writes a table of another', () => {
    const ajenas = escrituras
      .filter((e) => tablas.get(e.tabla) !== e.modulo)
      .map((e) => `${e.archivo} writes ${e.tabla} (${tablas.get(e.tabla) ?? 'not a table of schema.ts'})`);
    expect(ajenas).toEqual([]);
  });
});
