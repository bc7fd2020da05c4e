import { M } from '@recargas/contracts/mensajes';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, entrar } from './entorno.ts';
import { type Metodo, pedir } from './peticion.ts';

/**
 * npm run test:fuzz — for every JSON route of the OpenAPI document, fast-check builds bodies
 * and query strings with the contract's own field names and hostile values (wrong types, huge
 * and unicode strings, negative and huge numbers, impossible dates, nesting). The server must
 * answer 2xx, or 4xx with a Spanish `mensaje`, never 5xx; and after every refused POST/PATCH the
 * database must be exactly as before (row counts and a checksum of every table).
 * Text PostgreSQL cannot store is mixed in everywhere (issue 17): NUL and lone surrogates in
 * strings and keys, bytes that are not UTF-8 in raw JSON bodies, %00, %FF and broken escapes in
 * paths, query names and values, and NUL in declared headers (Idempotency-Key).
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
const cuenta = { casos: 0, rechazados: 0, errores: 0, textoInvalido: 0 };

/** The part of a field's JSON schema the generators read. */
interface Esquema {
  type?: string;
  enum?: unknown[];
  anyOf?: Esquema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  nullable?: boolean;
  properties?: Record<string, Esquema>;
  required?: string[];
}

interface Operacion {
  metodo: string;
  ruta: string;
  campos: Record<string, Esquema>;
  requeridos: string[];
  consulta: Record<string, Esquema>;
  cabeceras: Record<string, Esquema>;
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

/**
 * Private-use characters that stand for bytes no UTF-8 text has (0xFF, a broken pair, an encoded
 * surrogate, an overlong NUL, a cut sequence): swapped for those bytes in a raw JSON body and for
 * their %-escapes in a URL, after the JSON or the query string is built.
 */
const BYTES_MALOS: Record<string, number[]> = {
  '\uE000': [0xff],
  '\uE001': [0xc3, 0x28],
  '\uE002': [0xed, 0xa0, 0x80],
  '\uE003': [0xc0, 0x80],
  '\uE004': [0xe2, 0x82],
};
const SUSTITUTOS = /[\uE000-\uE004]/;
const conBytesMalos = (json: string): Buffer =>
  Buffer.concat(
    json
      .split(/([\uE000-\uE004])/)
      .map((t) => (BYTES_MALOS[t] ? Buffer.from(BYTES_MALOS[t]) : Buffer.from(t))),
  );
const escapesMalos = (url: string) =>
  url.replace(/%EE%80%8([0-4])/g, (_, i: string) =>
    (BYTES_MALOS[String.fromCharCode(0xe000 + Number(i))] ?? [])
      .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
      .join(''),
  );
/** Text PostgreSQL cannot store, or that is not text at all once sent. */
const malo = fc.oneof(
  fc.constantFrom('\u0000', 'ad\u0000min', '\ud800', 'a\udfffb', '\udc00\ud800', ...Object.keys(BYTES_MALOS)),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({
    unit: fc.oneof(
      fc.constantFrom('\u0000', '\ud800', '\udfff', '\uE000', '\uE002'),
      fc.string({ minLength: 1, maxLength: 1 }),
    ),
    maxLength: 20,
  }),
);
/** Mostly the hostile values of before; about one string in seven is `malo`. */
const pesado = <T>(arbitrary: fc.Arbitrary<T>) => ({ weight: 3, arbitrary });
const texto = fc.oneof(
  { weight: 2, arbitrary: malo },
  pesado(fc.string()),
  pesado(fc.string({ unit: 'grapheme', maxLength: 40 })),
  pesado(
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
  ),
  pesado(fc.string({ minLength: 5000, maxLength: 20000 })),
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
  fc.dictionary(fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength: 8 }) }, malo), texto, { maxKeys: 3 }),
);
/** A path parameter as sent: the usual one, or escapes that are NUL or not UTF-8. */
const segmento = (usual: string) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant(usual) },
    fc.constantFrom('%00', `${usual}%00`, '%FF', 'de%C3%28mo', '%ED%A0%80', '%', '%E2%82', 'pe%C3%B1a'),
    fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponent),
  );
/** Values of the seed that some patterns accept (the company, a phone, an ICC, a colour, a day). */
const CONOCIDOS = ['demo', '5512345678', '8952333000000000001', '#112233', '2026-01-31', '2026/01/31'];
/** A short string with one character PostgreSQL cannot store (or a stand-in for bad bytes). */
const conMalo = fc
  .tuple(
    fc.string({ maxLength: 4 }),
    fc.oneof(
      { weight: 3, arbitrary: fc.constant('\u0000') },
      fc.constantFrom('\ud800', '\udfff', ...Object.keys(BYTES_MALOS)),
    ),
    fc.string({ maxLength: 4 }),
  )
  .map((p) => p.join(''));
/** A value its schema accepts (strings with `conMalo` too, unless `limpio`). */
function conforme(s: Esquema, limpio = false): fc.Arbitrary<unknown> {
  const base = ((): fc.Arbitrary<unknown> => {
    if (s.enum?.length) return fc.constantFrom(...s.enum);
    if (s.anyOf?.[0]) return conforme(s.anyOf[0], limpio);
    if (s.type === 'string' && s.pattern) {
      const patron = new RegExp(s.pattern);
      const conocidos = CONOCIDOS.filter((v) => patron.test(v));
      const generados = fc.stringMatching(patron);
      return conocidos.length
        ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...conocidos) }, generados)
        : generados;
    }
    if (s.type === 'string') {
      const largo = Math.min(s.maxLength ?? 12, 12);
      const caben = CONOCIDOS.filter(
        (v) => v.length <= (s.maxLength ?? 50) && v.length >= (s.minLength ?? 0),
      );
      const cualquiera = fc.string({ minLength: Math.min(s.minLength ?? 0, largo), maxLength: largo });
      const bueno = caben.length ? fc.oneof(fc.constantFrom(...caben), cualquiera) : cualquiera;
      return limpio ? bueno : fc.oneof(bueno, conMalo);
    }
    if (s.type === 'integer') {
      const excluye = s.exclusiveMinimum === true ? 1 : 0;
      const desde = Math.max((s.minimum ?? -1000) + excluye, -1000);
      const hasta = Math.max(desde, Math.min(s.maximum ?? 1000, desde + 2000));
      const pequenos = [1, 2, 50].filter((n) => n >= desde && n <= hasta);
      const cualquiera = fc.integer({ min: desde, max: hasta });
      return pequenos.length ? fc.oneof(fc.constantFrom(...pequenos), cualquiera) : cualquiera;
    }
    if (s.type === 'number') return fc.oneof(fc.constantFrom(1, 2), fc.integer({ min: 1, max: 1000 }));
    if (s.type === 'boolean') return fc.boolean();
    return valor;
  })();
  return s.nullable ? fc.option(base, { nil: null, freq: 8 }) : base;
}
/** Query names no route declares: NUL, broken escapes (sent as written). */
const pares: fc.Arbitrary<string[][]> = fc.array(
  fc.tuple(fc.constantFrom('%00', 'a%00b', '%FF', '%C3%28', '%'), fc.constantFrom('1', '', '%00')),
  { minLength: 1, maxLength: 2 },
);
const nombresMalos = fc.oneof({ weight: 9, arbitrary: fc.constant<string[][]>([]) }, pares);

beforeAll(async () => {
  e = await crearEntorno({ loginMaxFallosCuenta: 1_000_000, loginMaxFallosIp: 1_000_000 });
  admin = await entrar(e.app, 'admin');
});
afterAll(async () => {
  console.log(
    `fuzz: ${cuenta.casos} generated requests, ${cuenta.rechazados} refused with 4xx (${cuenta.textoInvalido} of them as text that cannot be stored), ${cuenta.errores} answered 5xx`,
  );
  await e.cerrar();
});

function operaciones(): Operacion[] {
  type Op = {
    parameters?: { in: string; name: string; schema?: Esquema }[];
    requestBody?: { content?: Record<string, { schema?: Esquema }> };
  };
  const doc = e.app.swagger() as { paths: Record<string, Record<string, Op>> };
  const ops: Operacion[] = [];
  for (const [ruta, metodos] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(metodos)) {
      const metodo = m.toUpperCase();
      if (FUERA.has(`${metodo} ${ruta}`)) continue;
      const cuerpo = op.requestBody?.content?.['application/json']?.schema;
      const de = (donde: string) =>
        Object.fromEntries(
          (op.parameters ?? []).filter((p) => p.in === donde).map((p) => [p.name, p.schema ?? {}]),
        );
      ops.push({
        metodo,
        ruta,
        campos: cuerpo?.properties ?? {},
        requeridos: cuerpo?.required ?? [],
        consulta: de('query'),
        cabeceras: de('header'),
      });
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
      const usual = (p: string) => (p === 'name' || p === 'compania' ? 'demo' : '1');
      const parametros = [...op.ruta.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      /**
       * Half the cases any hostile value in any field; half values the schema accepts with one
       * string swapped for `conMalo`, so that the request, right in all else, would reach the
       * database (where a NUL answered 500 before issue 17). Wholly valid requests are left out:
       * they write, and every later checksum would read the rows they add.
       */
      const conCampos = (campos: Record<string, Esquema>, requeridos: string[] = []) => {
        const nombres = Object.keys(campos);
        if (nombres.length === 0) return fc.constant({});
        const requiredKeys = requeridos.filter((c) => c in campos);
        const validos = fc.record(
          Object.fromEntries(nombres.map((c) => [c, conforme(campos[c] ?? {}, true)])),
          { requiredKeys },
        );
        const unoMalo = fc.tuple(validos, fc.nat(), conMalo).map(([o, i, malo]) => {
          const cadenas = Object.keys(o).filter((c) => typeof (o as Record<string, unknown>)[c] === 'string');
          const c = cadenas[i % Math.max(cadenas.length, 1)];
          return c === undefined ? o : { ...o, [c]: malo };
        });
        return fc.oneof(
          fc.record(Object.fromEntries(nombres.map((c) => [c, valor])), { requiredKeys: [] }),
          unoMalo,
        );
      };
      const enRuta = fc.record(Object.fromEntries(parametros.map((p) => [p, segmento(usual(p))])));
      const peticion = fc.record({
        cuerpo: conCampos(op.campos, op.requeridos),
        consulta: conCampos(op.consulta),
        nombres: nombresMalos,
        enRuta,
        cabeceras: fc.record(
          Object.fromEntries(Object.entries(op.cabeceras).map(([c, s]) => [c, conforme(s)])),
          { requiredKeys: [] },
        ),
      });
      await fc.assert(
        fc.asyncProperty(peticion, async ({ cuerpo, consulta, nombres, enRuta, cabeceras }) => {
          const ruta = op.ruta.replace(/\{(\w+)\}/g, (_, p: string) => enRuta[p] ?? usual(p));
          const qs = [
            escapesMalos(
              new URLSearchParams(
                Object.entries(consulta).map(([k, v]): [string, string] => [
                  k,
                  typeof v === 'string' ? v : JSON.stringify(v),
                ]),
              ).toString(),
            ),
            ...nombres.map((par) => par.join('=')),
          ]
            .filter(Boolean)
            .join('&');
          const json = JSON.stringify(cuerpo);
          const crudo = SUSTITUTOS.test(json);
          const escribe = op.metodo !== 'GET';
          const antes = escribe ? await huella() : '';
          const r = await pedir(
            e.app,
            admin,
            op.metodo as Metodo,
            `${ruta}${qs ? `?${qs}` : ''}`,
            op.metodo === 'GET' ? undefined : crudo ? conBytesMalos(json) : cuerpo,
            {
              cabeceras: {
                ...(cabeceras as Record<string, string>),
                ...(crudo && escribe ? { 'content-type': 'application/json' } : {}),
              },
            },
          );
          cuenta.casos++;
          const celda = `${op.metodo} ${ruta.slice(0, 100)} ${json.slice(0, 200)} ?${qs.slice(0, 200)} ${JSON.stringify(cabeceras).slice(0, 100)}`;
          if (r.statusCode >= 500) {
            cuenta.errores++;
            fallos.push(`${celda} → ${r.statusCode} ${r.body.slice(0, 200)}`);
            return;
          }
          if (r.statusCode >= 400) {
            cuenta.rechazados++;
            const mensaje = (r.json() as { mensaje?: unknown }).mensaje;
            if (mensaje === M.textoInvalido) cuenta.textoInvalido++;
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
