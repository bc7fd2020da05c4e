import { M } from '@recargas/contracts/mensajes';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conToken, crearEntorno, type Entorno, entrar } from './entorno.ts';

/**
 * npm run test:fuzz — for every JSON route of the OpenAPI document, fast-check builds bodies
 * and query strings with the contract's own field names and hostile values (wrong types, huge
 * and unicode strings, negative and huge numbers, impossible dates, nesting). The server must
 * answer 2xx, or 4xx with a Spanish `mensaje`, never 5xx; and after every refused POST/PATCH the
 * database must be exactly as before (row counts and a checksum of every table).
 * FUZZ_RUNS sets the cases per route (default 8 in npm test). Refused GETs are not checksummed:
 * the checksum is the slow part, and some GETs write by design (opening a release note marks it read).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
/** Tables a refused request may still write: login throttling and the job queue's own. */
const PUEDEN_CAMBIAR = new Set(['intentos_login']);
/** Calls whose success is not an answer but an action on the session or a file. */
const FUERA = new Set(['POST /api/cerrarSesion', 'POST /subirArchivo', 'GET /excel/descargar']);

let e: Entorno;
let admin: { token: string; xsrf: string };
/** A message is the catalogue's (its placeholders filled); several may come joined by newlines. */
const plantillas = Object.values(M).map(
  (t) => new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[\\s\\S]+')}$`),
);
const delCatalogo = (m: string) => m.split('\n').every((linea) => plantillas.some((p) => p.test(linea)));
const cuenta = { casos: 0, rechazados: 0, errores: 0 };

interface Operacion {
  metodo: string;
  ruta: string;
  campos: string[];
  consulta: string[];
}

async function huella(): Promise<string> {
  const tablas = await sql<{ t: string }>`select table_name as t from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(e.db);
  const partes: string[] = [];
  for (const { t } of tablas.rows) {
    if (PUEDEN_CAMBIAR.has(t) || t === 'kysely_migration' || t === 'kysely_migration_lock') continue;
    const r = await sql<{ n: string; h: string | null }>`select count(*)::text as n,
      md5(string_agg(x::text, '|' order by x::text)) as h from ${sql.table(t)} x`.execute(e.db);
    partes.push(`${t}:${r.rows[0]?.n}:${r.rows[0]?.h}`);
  }
  return partes.join(',');
}

const texto = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'null',
    '2026-02-31',
    '9999/99/99',
    "' or 1=1 --",
    '<script>x</script>',
    '%_\\',
  ),
  fc.string({ minLength: 5000, maxLength: 20000 }),
);
const numero = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 53, -(2 ** 31), 1e308, Number.MAX_SAFE_INTEGER),
);
const valor = fc.oneof(
  texto,
  numero,
  fc.boolean(),
  fc.constant(null),
  fc.array(texto, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), texto, { maxKeys: 3 }),
);

beforeAll(async () => {
  e = await crearEntorno({ loginMaxFallosCuenta: 1_000_000, loginMaxFallosIp: 1_000_000 });
  admin = await entrar(e.app, 'admin');
});
afterAll(async () => {
  console.log(
    `fuzz: ${cuenta.casos} generated requests, ${cuenta.rechazados} refused with 4xx, ${cuenta.errores} answered 5xx`,
  );
  await e.cerrar();
});

function operaciones(): Operacion[] {
  type Esquema = { properties?: Record<string, unknown>; parameters?: { in: string; name: string }[] };
  const doc = e.app.swagger() as {
    paths: Record<
      string,
      Record<string, Esquema & { requestBody?: { content?: Record<string, { schema?: Esquema }> } }>
    >;
  };
  const ops: Operacion[] = [];
  for (const [ruta, metodos] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(metodos)) {
      const metodo = m.toUpperCase();
      if (FUERA.has(`${metodo} ${ruta}`)) continue;
      const cuerpo = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      const consulta = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      ops.push({ metodo, ruta, campos: Object.keys(cuerpo), consulta });
    }
  }
  return ops;
}

describe('generated bad input on every route', () => {
  it('answers 2xx or a Spanish 4xx, never 5xx, and a refused request writes nothing', async () => {
    const ops = operaciones();
    expect(ops.length).toBeGreaterThan(30);
    const fallos: string[] = [];
    for (const op of ops) {
      const ruta = op.ruta.replace(/\{(\w+)\}/g, (_, p: string) =>
        p === 'name' || p === 'compania' ? 'demo' : '1',
      );
      const conCampos = (campos: string[]) =>
        campos.length === 0
          ? fc.constant({})
          : fc.record(Object.fromEntries(campos.map((c) => [c, valor])), { requiredKeys: [] });
      await fc.assert(
        fc.asyncProperty(conCampos(op.campos), conCampos(op.consulta), async (cuerpo, consulta) => {
          const qs = new URLSearchParams(
            Object.entries(consulta).map(([k, v]): [string, string] => [
              k,
              typeof v === 'string' ? v : JSON.stringify(v),
            ]),
          ).toString();
          const escribe = op.metodo !== 'GET';
          const antes = escribe ? await huella() : '';
          const r = await e.app.inject({
            method: op.metodo as 'GET',
            url: `${ruta}${qs ? `?${qs}` : ''}`,
            headers: conToken(admin.token, admin.xsrf),
            ...(op.metodo === 'GET' ? {} : { payload: cuerpo }),
          });
          cuenta.casos++;
          const celda = `${op.metodo} ${op.ruta} ${JSON.stringify(cuerpo).slice(0, 200)} ?${qs.slice(0, 200)}`;
          if (r.statusCode >= 500) {
            cuenta.errores++;
            fallos.push(`${celda} → ${r.statusCode} ${r.body.slice(0, 200)}`);
            return;
          }
          if (r.statusCode >= 400) {
            cuenta.rechazados++;
            const mensaje = (r.json() as { mensaje?: unknown }).mensaje;
            if (typeof mensaje !== 'string' || !delCatalogo(mensaje))
              fallos.push(`${celda} → mensaje fuera del catálogo: ${r.body.slice(0, 200)}`);
            if (escribe && (await huella()) !== antes)
              fallos.push(`${celda} → ${r.statusCode} pero escribió en la base`);
          }
        }),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
      );
    }
    expect(fallos).toEqual([]);
  }, 600_000);
});
