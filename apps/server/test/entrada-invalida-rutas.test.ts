import { ENDPOINTS } from '@recargas/contracts/acceso';
import { M } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, entrar, type Sesion } from './entorno.ts';
import { type Metodo, pedir } from './peticion.ts';
import { formulario } from './xlsx-prueba.ts';

/**
 * Issue 41: every route, sent wrong types, missing fields and extra-long strings, answers a 4xx
 * whose `mensaje` is a catalogue text, never zod's wording ('Entrada inválida: se esperaba int,
 * recibido número', 'Datos inválidos: code: …') nor English.
 */
let e: Entorno;
let admin: Sesion;
beforeAll(async () => {
  e = await crearEntorno({ loginMaxFallosCuenta: 1_000_000, loginMaxFallosIp: 1_000_000 });
  admin = await entrar(e.app, 'admin');
});
afterAll(() => e.cerrar());

/** zod's words (its Spanish locale and its English default) and English a user would meet. */
const REDACCION_ZOD =
  /se esperaba|recibido|entrada inválida|demasiado (grande|pequeño):|cadena inválida|opción inválida|desconocida|datos inválidos: \w+:|\b(expected|received|invalid|required|must|string|number|integer|boolean|undefined|null|array|object|too (big|small)|error|request|field)\b/i;
/** A catalogue text, its placeholders filled. */
const plantillas = Object.values(M).map(
  (t) => new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[\\s\\S]+')}$`),
);
const delCatalogo = (m: string) => m.split('\n').every((l) => plantillas.some((p) => p.test(l)));

interface Esquema {
  type?: string | string[];
  properties?: Record<string, Esquema>;
  anyOf?: Esquema[];
}
type Operacion = {
  parameters?: { in: string; name: string; schema?: Esquema }[];
  requestBody?: { content?: Record<string, { schema?: Esquema }> };
};

/** A value of the wrong type for a field of schema `s`. */
function tipoErroneo(s: Esquema): unknown {
  const tipo = [s.type ?? s.anyOf?.[0]?.type].flat()[0];
  if (tipo === 'string') return 12345;
  if (tipo === 'integer' || tipo === 'number') return 'abc';
  if (tipo === 'boolean') return 'sí';
  if (tipo === 'array') return 'x';
  return 7;
}
/** A value too long or too big for a field of schema `s`. */
function demasiado(s: Esquema): unknown {
  const tipo = [s.type ?? s.anyOf?.[0]?.type].flat()[0];
  if (tipo === 'integer' || tipo === 'number') return 1e15;
  if (tipo === 'array') return Array.from({ length: 5000 }, () => 'x'.repeat(50));
  return 'x'.repeat(20_000);
}
const cadaCampo = (campos: Record<string, Esquema>, f: (s: Esquema) => unknown) =>
  Object.fromEntries(Object.entries(campos).map(([k, s]) => [k, f(s)]));

/** The bad requests of one route: query and body variants, path parameters of the wrong kind. */
function casos(metodo: string, ruta: string, op: Operacion | undefined) {
  const cuerpo = op?.requestBody?.content?.['application/json']?.schema?.properties ?? {};
  const consulta = Object.fromEntries(
    (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
  );
  const url = (valorRuta: string, q: Record<string, unknown> = {}) => {
    const qs = new URLSearchParams(
      Object.entries(q).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ).toString();
    return `${ruta.replace(/\{\w+\}/g, valorRuta)}${qs ? `?${qs}` : ''}`;
  };
  const cuerpos: unknown[] =
    metodo === 'GET' ? [undefined] : [{}, cadaCampo(cuerpo, tipoErroneo), cadaCampo(cuerpo, demasiado), [1]];
  return [
    ...cuerpos.map((c) => ({ url: url('1'), cuerpo: c, clave: {} })),
    { url: url('x'.repeat(300), cadaCampo(consulta, tipoErroneo)), cuerpo: cuerpos[1], clave: {} },
    {
      url: url('-1', cadaCampo(consulta, demasiado)),
      cuerpo: cuerpos[2],
      clave: { 'idempotency-key': 'k'.repeat(300) },
    },
  ];
}

/** Calls that end the session they are made with, or answer a file, not a message. */
const FUERA = new Set(['POST /api/cerrarSesion', 'GET /excel/descargar']);
/** Routes that take a multipart form: bad fields and no file. */
const MULTIPARTE = new Set([
  'POST /subirArchivo',
  'POST /api/conciliaciones/subir',
  'POST /api/configuraciones/logo',
]);

describe('no raw validation text from any route', () => {
  it('every 4xx to bad input carries a catalogue text with none of zod’s wording', async () => {
    const doc = e.app.swagger() as { paths: Record<string, Record<string, Operacion>> };
    const rutas = Object.keys(ENDPOINTS).filter((clave) => {
      const [metodo, ruta] = clave.split(' ') as [string, string];
      return (
        !FUERA.has(clave) &&
        e.app.hasRoute({ method: metodo as 'GET', url: ruta.replace(/\{(\w+)\}/g, ':$1') })
      );
    });
    expect(rutas.length).toBeGreaterThan(90);
    const fallos: string[] = [];
    let rechazos = 0;
    for (const clave of rutas) {
      const [metodo, ruta] = clave.split(' ') as [string, string];
      const op = doc.paths[ruta]?.[metodo.toLowerCase()];
      // A call may change what the session may do (a user edited): each route gets a fresh one.
      const s = metodo === 'GET' ? admin : await entrar(e.app, 'admin');
      for (const c of casos(metodo, ruta, op)) {
        const multiparte = MULTIPARTE.has(clave)
          ? formulario({ accion: 'x'.repeat(5000), vigencia: 'abc', plataformaId: 'x', plataforma: '9' })
          : undefined;
        const r = await pedir(
          e.app,
          s,
          metodo as Metodo,
          c.url,
          metodo === 'GET' ? undefined : (multiparte?.payload ?? c.cuerpo),
          { cabeceras: { ...c.clave, ...multiparte?.headers } },
        );
        if (r.statusCode < 400) continue;
        const mensaje = (r.json() as { mensaje?: unknown }).mensaje;
        const celda = `${clave} ${c.url.slice(0, 80)} → ${r.statusCode} ${String(mensaje).slice(0, 160)}`;
        if (r.statusCode >= 500) fallos.push(celda);
        else if (typeof mensaje !== 'string' || !delCatalogo(mensaje) || REDACCION_ZOD.test(mensaje))
          fallos.push(celda);
        else rechazos++;
      }
    }
    expect(fallos).toEqual([]);
    expect(rechazos).toBeGreaterThan(200);
  }, 600_000);

  it('a missing field and a long one name the field by its label', async () => {
    const enviar = (payload: object) => pedir(e.app, null, 'POST', '/iniciarSesion', payload);
    const falta = await enviar({ username: 'admin', empresa: 'demo' });
    expect(falta.json().mensaje).toBe(`${M.datoFaltante}: ${M.contrasena}`);
    const largo = await enviar({ username: 'a'.repeat(10_240), password: 'x', empresa: 'demo' });
    expect(largo.json().mensaje).toBe(`${M.textoDemasiadoLargo}: ${M.usuario}`);
    const codigo = await pedir(e.app, null, 'POST', '/api/2fa/verify', {
      username: 'admin',
      password: 'x',
      empresa: 'demo',
      code: '',
    });
    expect(codigo.json().mensaje).toBe(M.codigoSeisDigitos);
  });
});
