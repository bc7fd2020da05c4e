import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIN_FALLAS } from '../src/providers/simulador.ts';
import { crearEntorno, type Entorno, entrar, idUsuario, type Sesion, simuladorDe } from './entorno.ts';
import { dnNuevo, nuevaLlave, v1 } from './integraciones-prueba.ts';
import { esperar, firmaValida, receptor } from './integraciones-receptor.ts';
import { pedir } from './peticion.ts';

/**
 * Issue 44: the OpenAPI at /docs/json is what `/v1` answers. Every `/v1` operation the document
 * lists (a new route is picked up from it) is called with good and bad input, and each real
 * answer is checked against the document: its status must be listed for that operation, and its
 * body must match that status's schema. A webhook delivery is checked against `webhooks`.
 */
interface Respuesta {
  content?: { 'application/json'?: { schema: object } };
}
interface Operacion {
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: { 'application/json': { schema: { required?: string[] } } } };
  responses: Record<string, Respuesta>;
}
interface Documento {
  paths: Record<string, Record<string, Operacion>>;
  webhooks: { recarga: { post: { requestBody: Respuesta; parameters: { schema: { pattern: string } }[] } } };
}

const POR_MINUTO = 15;
let e: Entorno;
let admin: Sesion;
let doc: Documento;
let llave: string;
/** A new key of `cliente` (each case its own: the per-minute limit is small here). */
const llaveNueva = async (extra: { ips?: string[] } = {}) =>
  (await nuevaLlave(e, admin, await idUsuario(e, 1, 'cliente'), extra)).llave;
let recargaId: number;
const referencia = 'contrato-1';
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const compilados = new WeakMap<object, ValidateFunction>();
const fallos: string[] = [];
/** Statuses each operation answered ("POST /v1/recargas" → 200, 400...). */
const vistos = new Map<string, Set<number>>();

/** The `/v1` operations of the document, as "METHOD /path" with their entries. */
const operaciones = () =>
  Object.entries(doc.paths)
    .filter(([ruta]) => ruta.startsWith('/v1/'))
    .flatMap(([ruta, metodos]) =>
      Object.entries(metodos).map(([m, op]) => ({ metodo: m.toUpperCase() as 'GET' | 'POST', ruta, op })),
    );
type Op = ReturnType<typeof operaciones>[number];

function comprobar(o: Op, r: { statusCode: number; body: string }, como: string) {
  const clave = `${o.metodo} ${o.ruta}`;
  // Only the limit's own case may meet the limit: elsewhere a 429 would hide the answer under test.
  if (r.statusCode === 429 && como !== 'límite')
    fallos.push(`${clave} (${como}): 429 fuera del caso del límite`);
  const lista = vistos.get(clave) ?? new Set();
  vistos.set(clave, lista.add(r.statusCode));
  const documentada = o.op.responses[String(r.statusCode)];
  if (!documentada) {
    fallos.push(`${clave} (${como}): ${r.statusCode} no está en el documento: ${r.body.slice(0, 200)}`);
    return;
  }
  const esquema = documentada.content?.['application/json']?.schema;
  if (!esquema) return void (r.body && fallos.push(`${clave} ${r.statusCode}: cuerpo sin esquema`));
  const validar = compilados.get(esquema) ?? ajv.compile(esquema);
  compilados.set(esquema, validar);
  if (!validar(JSON.parse(r.body))) {
    fallos.push(
      `${clave} ${r.statusCode} (${como}): ${ajv.errorsText(validar.errors)}: ${r.body.slice(0, 300)}`,
    );
  }
}

/** A path parameter's good value by its name; an unknown name gets a number. */
const parametro = (nombre: string) => (nombre === 'dn' ? '5512345678' : String(recargaId));
const url = (o: Op, valor = parametro) => o.ruta.replace(/\{(\w+)\}/g, (_, n: string) => valor(n));
/** A good body of each POST: a top-up to a number no other test uses. */
const cuerpoBueno = () => ({ dn: dnNuevo(), compania: 'T', referencia: `c-${dnNuevo()}` });

/** Calls `o` as the key `k` with what the case changes, and checks the answer. */
async function llamar(
  o: Op,
  como: string,
  k: string | undefined,
  extra: { url?: string; cuerpo?: unknown; clave?: string | null; ip?: string; cabeceras?: object } = {},
) {
  const clave = extra.clave === null ? undefined : (extra.clave ?? `c-${dnNuevo()}`);
  const r = await pedir(
    e.app,
    null,
    o.metodo,
    extra.url ?? url(o),
    o.metodo === 'POST' ? (extra.cuerpo ?? cuerpoBueno()) : undefined,
    {
      ...(o.metodo === 'POST' && clave ? { clave } : {}),
      ...(extra.ip ? { ip: extra.ip } : {}),
      cabeceras: { ...(k ? { 'x-api-key': k } : {}), ...extra.cabeceras },
    },
  );
  comprobar(o, r, como);
  return r;
}

beforeAll(async () => {
  e = await crearEntorno({ llavesPorMinuto: POR_MINUTO });
  admin = await entrar(e.app, 'admin');
  doc = e.app.swagger() as unknown as Documento;
  llave = await llaveNueva();
  const hecha = await v1(
    e,
    llave,
    'POST',
    '/v1/recargas',
    { dn: dnNuevo(), compania: 'T', referencia },
    'c-0',
  );
  recargaId = hecha.json().id;
}, 180_000);
afterAll(() => e?.cerrar());

describe('every /v1 answer is the one the OpenAPI documents', () => {
  it('good input, on every operation', async () => {
    (await simuladorDe(e)).configurar(SIN_FALLAS);
    for (const o of operaciones()) {
      const r = await llamar(o, 'buena', llave);
      expect(r.statusCode, `${o.metodo} ${o.ruta}: ${r.body}`).toBeLessThan(300);
    }
    const lista = operaciones().find((o) => o.metodo === 'GET' && o.ruta === '/v1/recargas');
    if (lista) await llamar(lista, 'por referencia', llave, { url: `/v1/recargas?referencia=${referencia}` });
  });

  it('no key, a wrong key, a key from another address, a key over its limit', async () => {
    const conIp = await llaveNueva({ ips: ['10.9.9.9'] });
    for (const o of operaciones()) {
      expect((await llamar(o, 'sin llave', undefined)).statusCode).toBe(401);
      expect((await llamar(o, 'llave falsa', `rk_0123456789ab_${'x'.repeat(43)}`)).statusCode).toBe(401);
      expect((await llamar(o, 'otra IP', conIp, { ip: '10.1.1.1' })).statusCode).toBe(403);
      // Bad input counts too: the limit is the key's, whatever the call.
      const agotada = await llaveNueva();
      const estados: number[] = [];
      for (let i = 0; i <= POR_MINUTO; i++) {
        const malo = { url: url(o, () => 'x'), cuerpo: {}, clave: null };
        estados.push((await llamar(o, 'límite', agotada, malo)).statusCode);
      }
      expect(estados.at(-1)).toBe(429);
    }
  });

  it('bad input: path, query, body, JSON, media type, size, Idempotency-Key', async () => {
    for (const o of operaciones()) {
      const llave = await llaveNueva();
      if (o.ruta.includes('{')) await llamar(o, 'parámetro malo', llave, { url: url(o, () => 'x%00') });
      for (const p of (o.op.parameters ?? []).filter((x) => x.in === 'query')) {
        await llamar(o, `consulta ${p.name}`, llave, { url: `${url(o)}?${p.name}=${'%00'.repeat(70)}` });
      }
      if (o.metodo !== 'POST') continue;
      for (const cuerpo of [{}, [], { dn: 'abc', compania: 'T' }, { ...cuerpoBueno(), monto: 7 }]) {
        expect((await llamar(o, 'cuerpo malo', llave, { cuerpo })).statusCode).toBeGreaterThanOrEqual(400);
      }
      const json = { 'content-type': 'application/json' };
      await llamar(o, 'JSON roto', llave, { cuerpo: '{"dn":', cabeceras: json });
      await llamar(o, 'texto', llave, { cuerpo: 'hola', cabeceras: { 'content-type': 'application/xml' } });
      await llamar(o, 'grande', llave, {
        cuerpo: JSON.stringify({ x: 'x'.repeat(1_100_000) }),
        cabeceras: json,
      });
      await llamar(o, 'sin Idempotency-Key', llave, { clave: null });
    }
  });

  it('the top-up: pending, failed, a reused Idempotency-Key, a reused reference, an amount not allowed', async () => {
    const [o] = operaciones().filter((x) => x.metodo === 'POST' && x.ruta === '/v1/recargas');
    if (!o) throw new Error('POST /v1/recargas no está en el documento');
    const llave = await llaveNueva();
    const sim = await simuladorDe(e);
    sim.configurar({ ...SIN_FALLAS, demoraResultadoMs: 60_000 });
    expect((await llamar(o, 'pendiente', llave)).statusCode).toBe(202);
    sim.configurar({ ...SIN_FALLAS, tasaRechazo: 1 });
    expect((await llamar(o, 'fallida', llave)).statusCode).toBe(422);
    sim.configurar(SIN_FALLAS);
    await llamar(o, 'primera', llave, { clave: 'c-repetida' });
    expect((await llamar(o, 'otro cuerpo', llave, { clave: 'c-repetida' })).statusCode).toBe(422);
    await llamar(o, 'referencia repetida', llave, { cuerpo: { ...cuerpoBueno(), referencia } });
    // The key's user (cliente) may not choose the amount: 403, as on the screen.
    expect((await llamar(o, 'monto', llave, { cuerpo: { ...cuerpoBueno(), monto: 50 } })).statusCode).toBe(
      403,
    );
    const ajena = operaciones().find((x) => x.ruta === '/v1/recargas/{id}');
    if (ajena)
      expect((await llamar(ajena, 'no existe', llave, { url: '/v1/recargas/999999999' })).statusCode).toBe(
        404,
      );
  });

  it('nothing answered was left out of the document or off its schema', () => {
    for (const o of operaciones()) {
      const estados = [...(vistos.get(`${o.metodo} ${o.ruta}`) ?? [])];
      expect(
        estados.some((s) => s < 300),
        `${o.metodo} ${o.ruta} sin respuesta buena`,
      ).toBe(true);
      expect(
        estados.some((s) => s >= 400),
        `${o.metodo} ${o.ruta} sin rechazo`,
      ).toBe(true);
    }
    console.log(
      'contrato /v1:',
      [...vistos].map(([k, s]) => `${k} ${[...s].sort().join(',')}`),
    );
    expect(fallos).toEqual([]);
  });
});

describe('the webhook the document describes', () => {
  // Its own environment with the job workers, which deliver: the one above has none, so its
  // pending top-ups leave no job running when it closes.
  let w: Entorno;
  beforeAll(async () => {
    w = await crearEntorno({
      trabajadores: true,
      webhooksPermitirHttp: true,
      webhooksPermitirPrivadas: true,
      webhooksReintento: 1,
    });
  }, 180_000);
  afterAll(() => w?.cerrar());

  it('a delivery matches the event schema and its X-Firma header verifies', async () => {
    const r = await receptor();
    try {
      const jefe = await entrar(w.app, 'admin');
      const alta = await pedir(w.app, jefe, 'POST', '/api/webhooks', { url: r.url });
      expect(alta.statusCode).toBe(200);
      const k = (await nuevaLlave(w, jefe, await idUsuario(w, 1, 'cliente'))).llave;
      (await simuladorDe(w)).configurar(SIN_FALLAS);
      const hecha = await v1(w, k, 'POST', '/v1/recargas', cuerpoBueno(), `w-${dnNuevo()}`);
      const id = hecha.json().id;
      await esperar(() => r.recibidos.some((x) => x.evento.datos.id === id), 30_000, 'el evento');
      const recibido = r.recibidos.find((x) => x.evento.datos.id === id);
      const gancho = (w.app.swagger() as unknown as Documento).webhooks.recarga.post;
      const validar = ajv.compile(gancho.requestBody.content?.['application/json']?.schema ?? {});
      expect(validar(JSON.parse(recibido?.cuerpo ?? '')), ajv.errorsText(validar.errors)).toBe(true);
      expect(recibido?.firma).toMatch(new RegExp(gancho.parameters[0]?.schema.pattern ?? '^$'));
      expect(firmaValida(alta.json().secreto, recibido?.cuerpo ?? '', recibido?.firma)).toBe(true);
    } finally {
      await r.cerrar();
    }
  }, 60_000);
});
