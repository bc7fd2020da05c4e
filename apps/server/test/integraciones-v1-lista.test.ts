import { M } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIN_FALLAS } from '../src/providers/simulador.ts';
import {
  crearEntorno,
  type Entorno,
  entrar,
  idUsuario,
  type Sesion,
  simuladorDe,
  sinTopeCliente,
} from './entorno.ts';
import { dnNuevo, nuevaLlave, v1 } from './integraciones-prueba.ts';
import { pedir } from './peticion.ts';

/**
 * Issue 44: GET /v1/recargas pages the key user's top-ups by keyset; failed top-ups carry a
 * `codigo` from their cause; a sandbox key (`rk_test_…`) is answered by the simulator alone.
 */
let e: Entorno;
let admin: Sesion;
let llave: string;
const usuario = (u: string) => idUsuario(e, 1, u);

beforeAll(async () => {
  e = await crearEntorno({ llavesPorMinuto: 1000 });
  admin = await entrar(e.app, 'admin');
  await sinTopeCliente(e.db);
  llave = (await nuevaLlave(e, admin, await usuario('cliente'))).llave;
}, 180_000);
afterAll(() => e.cerrar());
beforeEach(async () => {
  (await simuladorDe(e)).configurar(SIN_FALLAS);
});

let n = 0;
const recargar = (k: string, cuerpo: object) => v1(e, k, 'POST', '/v1/recargas', cuerpo, `lista-${++n}`);
type Item = { id: number; estado: string; codigo: string | null; creada: string };
const listar = async (consulta: string, k = llave) => {
  const r = await v1(e, k, 'GET', `/v1/recargas${consulta}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { recargas: Item[]; siguiente: string | null };
};

describe('GET /v1/recargas pages', () => {
  it('walks every top-up of the key user once, newest first, and no one else’s', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await recargar(llave, { dn: dnNuevo(), compania: 'T' })).json().id);
    const otra = (await nuevaLlave(e, admin, await usuario('admin'))).llave;
    const ajena = (await recargar(otra, { dn: dnNuevo(), compania: 'T' })).json().id;
    const pagina = async (limite: number, despues: string | null) =>
      listar(`?limite=${limite}${despues ? `&despues=${despues}` : ''}`);
    const vistos: number[] = [];
    let despues: string | null = null;
    for (let i = 0; i < 3; i++) {
      const p = await pagina(2, despues);
      expect(p.recargas.length).toBe(2);
      vistos.push(...p.recargas.map((x) => x.id));
      despues = p.siguiente;
    }
    expect(vistos.slice(0, 5)).toEqual([...ids].reverse());
    // Every row of the user (the seed's too) once, in the order of the index, then the end.
    const todas: number[] = [];
    despues = null;
    do {
      const p = await pagina(200, despues);
      todas.push(...p.recargas.map((x) => x.id));
      despues = p.siguiente;
    } while (despues);
    const filas = await e.db
      .selectFrom('recargas')
      .select('id')
      .where('usuario_id', '=', await usuario('cliente'))
      .orderBy('creada', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(todas).toEqual(filas.map((f) => f.id));
    expect(todas).not.toContain(ajena);
    const primera = await listar('?limite=1');
    expect(primera.recargas[0]?.creada).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('filters by estado and time; the referencia form still answers', async () => {
    (await simuladorDe(e)).configurar({ tasaRechazo: 1 });
    const fallida = (await recargar(llave, { dn: dnNuevo(), compania: 'T', referencia: 'caja-9' })).json();
    expect(fallida).toMatchObject({ estado: 'fallida', codigo: 'numero_invalido' });
    const fallidas = await listar('?estado=fallida&limite=200');
    expect(fallidas.recargas[0]).toMatchObject({ id: fallida.id, codigo: 'numero_invalido' });
    expect(fallidas.recargas.every((x) => x.estado === 'fallida' && x.codigo !== null)).toBe(true);
    expect((await listar('?estado=exitosa')).recargas.every((x) => x.codigo === null)).toBe(true);
    const manana = new Date(Date.now() + 86_400_000).toISOString();
    expect((await listar(`?desde=${encodeURIComponent(manana)}`)).recargas).toEqual([]);
    expect((await listar('?hasta=2020-01-01')).recargas).toEqual([]);
    expect(
      (await listar(`?desde=2020-01-01&hasta=${encodeURIComponent(manana)}`)).recargas.length,
    ).toBeGreaterThan(0);
    const porRef = await listar('?referencia=caja-9');
    expect(porRef).toMatchObject({
      recargas: [{ id: fallida.id, codigo: 'numero_invalido' }],
      siguiente: null,
    });
    const uno = await v1(e, llave, 'GET', `/v1/recargas/${fallida.id}`);
    expect(uno.json().codigo).toBe('numero_invalido');
  });

  it.each([
    ['?limite=0', M.limiteV1Invalido],
    ['?limite=201', M.limiteV1Invalido],
    ['?limite=diez', M.limiteV1Invalido],
    ['?estado=rara', M.estadoV1Invalido],
    ['?desde=ayer', M.fechaV1Invalida],
    ['?desde=2026-01-01T10:00:00', M.fechaV1Invalida],
    ['?desde=2026-02-30', M.fechaV1Invalida],
    ['?despues=no-es-cursor', M.cursorInvalido],
    ['?desde=2026-02-01&hasta=2026-01-01', M.rangoFechasInvalido],
  ])('%s is a 400 in Spanish', async (consulta, mensaje) => {
    const r = await v1(e, llave, 'GET', `/v1/recargas${consulta}`);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ mensaje, codigo: 'solicitud_invalida' });
  });
});

describe('failure codes come from the cause', () => {
  it('an amount the company does not sell: monto_no_permitido', async () => {
    const r = await recargar(llave, { dn: dnNuevo(), compania: 'T', monto: 7 });
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.json()).toMatchObject({ mensaje: M.montoNoPermitido, codigo: 'monto_no_permitido' });
  });

  it('a platform out of balance: saldo_insuficiente, on POST and on GET', async () => {
    (await simuladorDe(e)).configurar({}, { GENERAL: 0 });
    const r = await recargar(llave, { dn: dnNuevo(), compania: 'T' });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ estado: 'fallida', codigo: 'saldo_insuficiente' });
    expect((await v1(e, llave, 'GET', `/v1/recargas/${r.json().id}`)).json().codigo).toBe(
      'saldo_insuficiente',
    );
    (await simuladorDe(e)).configurar({}, { GENERAL: 1_000_000 });
  });
});

describe('GET /v1/companias', () => {
  it('answers per carrier the amounts its platform’s catalogue takes (70: not Movistar’s)', async () => {
    const r = await v1(e, llave, 'GET', '/v1/companias');
    expect(r.statusCode).toBe(200);
    const { companias, montos } = r.json() as {
      companias: { codigo: string; montos: number[]; catalogo: boolean }[];
      montos: number[];
    };
    expect(montos).toContain(70);
    const de = (c: string) => companias.find((x) => x.codigo === c);
    expect(de('M')).toMatchObject({ catalogo: true });
    expect(de('M')?.montos).not.toContain(70);
    expect(de('M')?.montos).toEqual(
      montos.filter((m) => [10, 20, 30, 50, 100, 150, 200, 300, 500].includes(m)),
    );
    expect(de('T')).toMatchObject({ catalogo: true, montos: montos.filter((m) => m >= 10 && m <= 500) });
  });
});

describe('GET /v1/operador/{dn}', () => {
  it('answers the carrier of the latest successful top-up, else the inventory line, else null', async () => {
    const dn = dnNuevo();
    expect((await recargar(llave, { dn, compania: 'M' })).statusCode).toBe(200);
    const r = await v1(e, llave, 'GET', `/v1/operador/${dn}`);
    expect(r.json()).toMatchObject({ dn, compania: 'M', nombre: 'Movistar', fuente: 'recarga' });
    const linea = await e.db
      .selectFrom('lineas')
      .select(['dn', 'compania'])
      .where('empresa_id', '=', 1)
      .where('dn', '<>', '')
      .where('dn', 'not in', e.db.selectFrom('recargas').select('dn').where('estado', '=', 'exitosa'))
      .limit(1)
      .executeTakeFirstOrThrow();
    const l = await v1(e, llave, 'GET', `/v1/operador/${linea.dn}`);
    expect(l.json()).toMatchObject({ compania: linea.compania, fuente: 'inventario' });
    const nadie = await v1(e, llave, 'GET', `/v1/operador/${dnNuevo()}`);
    expect(nadie.json()).toMatchObject({ compania: null, fuente: null, desde: null });
    const mal = await v1(e, llave, 'GET', '/v1/operador/12ab');
    expect(mal.statusCode).toBe(400);
    expect(mal.json()).toEqual({ mensaje: M.telefonoInvalido, codigo: 'solicitud_invalida' });
  });
});

describe('sandbox keys', () => {
  const llavePrueba = async () => {
    const r = await pedir(e.app, admin, 'POST', '/api/llaves', {
      nombre: 'pruebas',
      usuario: await usuario('cliente'),
      prueba: true,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { id: number; llave: string };
  };

  it('answers from the simulator: nothing written, sent, charged or counted', async () => {
    const { id, llave: prueba } = await llavePrueba();
    expect(prueba).toMatch(/^rk_test_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    const sim = await simuladorDe(e);
    const antes = sim.registro();
    const conteo = () =>
      e.db.selectFrom('conteo_recargas').select(['usuario_id', 'n']).orderBy('usuario_id').execute();
    const contado = await conteo();
    const de = vi.spyOn(e.app.proveedores, 'de');
    const dn = dnNuevo();
    const r = await v1(e, prueba, 'POST', '/v1/recargas', { dn, compania: 'T' }, 'p-1');
    expect(de).not.toHaveBeenCalled();
    de.mockRestore();
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ estado: 'exitosa', prueba: true, dn, codigo: null });
    const otra = await v1(e, prueba, 'POST', '/v1/recargas', { dn, compania: 'T' }, 'p-1');
    expect(otra.json()).toEqual(r.json());
    expect(sim.registro()).toEqual(antes);
    expect(await conteo()).toEqual(contado);
    expect(await e.db.selectFrom('recargas').select('id').where('dn', '=', dn).execute()).toEqual([]);
    expect((await listar('', prueba)).recargas).toEqual([]);
    const lista = await pedir(e.app, admin, 'GET', '/api/llaves');
    expect(lista.json().llaves.find((k: { id: number }) => k.id === id)).toMatchObject({
      prueba: true,
      prefijo: expect.stringMatching(/^rk_test_/),
    });
  });

  it('refuses by scenario with its code, and keeps the company amount rule', async () => {
    const { llave: prueba } = await llavePrueba();
    const falla = await v1(e, prueba, 'POST', '/v1/recargas', { dn: '5512345602', compania: 'M' }, 'p-2');
    expect(falla.statusCode).toBe(422);
    expect(falla.json()).toMatchObject({ estado: 'fallida', codigo: 'saldo_insuficiente', prueba: true });
    const monto = await v1(
      e,
      prueba,
      'POST',
      '/v1/recargas',
      { dn: dnNuevo(), compania: 'T', monto: 7 },
      'p-3',
    );
    expect(monto.json().codigo).toBe('monto_no_permitido');
  });

  it('is not a live key, nor a live key a test one', async () => {
    const { llave: prueba } = await llavePrueba();
    const comoReal = prueba.replace('rk_test_', 'rk_');
    expect((await v1(e, comoReal, 'GET', '/v1/saldo')).statusCode).toBe(401);
    expect((await v1(e, llave.replace('rk_', 'rk_test_'), 'GET', '/v1/saldo')).statusCode).toBe(401);
  });
});
