import { M, texto } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIN_EVENTO } from '../src/modules/recargas/repo-escritura.ts';
import { SIN_FALLAS } from '../src/providers/simulador.ts';
import { crearEntorno, type Entorno, entrar, idUsuario, type Sesion, simuladorDe } from './entorno.ts';
import { dnNuevo, nuevaLlave, v1 } from './integraciones-prueba.ts';
import { pedir, recargar } from './peticion.ts';

/**
 * Issue 23: the /v1 API acts as its key's user through the screens' services: the same limits,
 * amounts and exactly-once guarantee; Idempotency-Key required, a reused key with another body
 * is 422; errors carry a stable `codigo`.
 */
let e: Entorno;
let admin: Sesion;
let root: Sesion;
const usuario = (u: string) => idUsuario(e, 1, u);

beforeAll(async () => {
  e = await crearEntorno({ llavesPorMinuto: 1000 });
  admin = await entrar(e.app, 'admin');
  root = await entrar(e.app, 'root');
}, 180_000);
afterAll(() => e.cerrar());
beforeEach(async () => {
  (await simuladorDe(e)).configurar(SIN_FALLAS);
});

const filasDe = (dn: string) => e.db.selectFrom('recargas').selectAll().where('dn', '=', dn).execute();
/**
 * A top-up of a company without a webhook: its link is written done (SIN_EVENTO) by the top-up's
 * own write, and no event is written, nobody would receive it.
 */
const sinEvento = async (id: number) => {
  const enlace = await e.db
    .selectFrom('recargas_api')
    .select('evento_id')
    .where('recarga_id', '=', id)
    .executeTakeFirstOrThrow();
  expect(enlace.evento_id).toBe(SIN_EVENTO);
  const eventos = await e.db
    .selectFrom('eventos_webhook')
    .select('id')
    .where('recarga_id', '=', id)
    .execute();
  expect(eventos).toEqual([]);
};

describe('keys', () => {
  it('shows the secret once, stores only its hash, lists the key without it', async () => {
    const { id, llave } = await nuevaLlave(e, admin, await usuario('cliente'));
    expect(llave).toMatch(/^rk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    const fila = await e.db
      .selectFrom('llaves_api')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(fila)).not.toContain(llave.slice(16));
    const lista = await pedir(e.app, admin, 'GET', '/api/llaves');
    expect(lista.body).not.toContain(llave.slice(16));
    expect(lista.json().llaves.find((k: { id: number }) => k.id === id)).toMatchObject({
      username: 'cliente',
    });
  });

  it('an administrator cannot make a key that acts as a user above them', async () => {
    const r = await pedir(e.app, admin, 'POST', '/api/llaves', {
      nombre: 'arriba',
      usuario: await usuario('root'),
    });
    expect(r.statusCode).toBe(403);
  });

  it('refuses a malformed IP range', async () => {
    const r = await pedir(e.app, admin, 'POST', '/api/llaves', {
      nombre: 'x',
      usuario: await usuario('cliente'),
      ips: ['10.0.0.0/99'],
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(texto('ipsInvalidas', { ip: '10.0.0.0/99' }));
  });
});

describe('POST /v1/recargas', () => {
  it('tops up as the key user, with its folio, and reads it back by id and reference', async () => {
    const { llave } = await nuevaLlave(e, admin, await usuario('cliente'));
    const dn = dnNuevo();
    const r = await v1(
      e,
      llave,
      'POST',
      '/v1/recargas',
      { dn, compania: 'T', referencia: 'ticket-1' },
      'k-1',
    );
    expect(r.statusCode).toBe(200);
    const cuerpo = r.json();
    expect(cuerpo).toMatchObject({ estado: 'exitosa', dn, compania: 'T', referencia: 'ticket-1' });
    expect(cuerpo.folio).toBeTruthy();
    const [fila] = await filasDe(dn);
    expect(fila?.usuario_id).toBe(await usuario('cliente'));
    const uno = await v1(e, llave, 'GET', `/v1/recargas/${cuerpo.id}`);
    expect(uno.json()).toMatchObject({
      id: cuerpo.id,
      estado: 'exitosa',
      folio: cuerpo.folio,
      referencia: 'ticket-1',
    });
    const porRef = await v1(e, llave, 'GET', '/v1/recargas?referencia=ticket-1');
    expect(porRef.json().recargas.map((x: { id: number }) => x.id)).toEqual([cuerpo.id]);
    await sinEvento(cuerpo.id);
  });

  it('requires Idempotency-Key, with a stable code', async () => {
    const { llave } = await nuevaLlave(e, admin, await usuario('cliente'));
    const r = await v1(e, llave, 'POST', '/v1/recargas', { dn: dnNuevo(), compania: 'T' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ mensaje: M.idempotenciaRequerida, codigo: 'idempotencia_requerida' });
  });

  it('50 concurrent calls with one Idempotency-Key make one top-up, sent once, one answer', async () => {
    const { llave } = await nuevaLlave(e, admin, await usuario('cliente'));
    const dn = dnNuevo();
    const rs = await Promise.all(
      Array.from({ length: 50 }, () => v1(e, llave, 'POST', '/v1/recargas', { dn, compania: 'T' }, 'misma')),
    );
    expect(new Set(rs.map((r) => r.json().id)).size).toBe(1);
    expect(rs.every((r) => r.statusCode === 200 || r.statusCode === 202)).toBe(true);
    const filas = await filasDe(dn);
    expect(filas).toHaveLength(1);
    expect((await simuladorDe(e)).registro().recibidos[String(filas[0]?.id)]).toBe(1);
    await sinEvento(Number(filas[0]?.id));
  });

  it('the same key with another body is 422 and sends nothing', async () => {
    const { llave } = await nuevaLlave(e, admin, await usuario('cliente'));
    const [a, b] = [dnNuevo(), dnNuevo()];
    expect((await v1(e, llave, 'POST', '/v1/recargas', { dn: a, compania: 'T' }, 'k-otra')).statusCode).toBe(
      200,
    );
    const r = await v1(e, llave, 'POST', '/v1/recargas', { dn: b, compania: 'T' }, 'k-otra');
    expect(r.statusCode).toBe(422);
    expect(r.json()).toEqual({ mensaje: M.claveIdempotenciaReutilizada, codigo: 'idempotencia_reutilizada' });
    expect(await filasDe(b)).toHaveLength(0);
  });

  it('the same Idempotency-Key under two keys of the company is one top-up (issue 44)', async () => {
    const uno = await nuevaLlave(e, admin, await usuario('cliente'));
    const dos = await nuevaLlave(e, admin, await usuario('cliente'));
    const dn = dnNuevo();
    const a = await v1(e, uno.llave, 'POST', '/v1/recargas', { dn, compania: 'T' }, 'k-compartida');
    const b = await v1(e, dos.llave, 'POST', '/v1/recargas', { dn, compania: 'T' }, 'k-compartida');
    expect(b.json().id).toBe(a.json().id);
    expect(await filasDe(dn)).toHaveLength(1);
  });
});

describe('the same rules as the screens', () => {
  it("the user's daily cap holds across the API and the screen, and /v1/saldo shows it", async () => {
    const id = await usuario('lider');
    await e.db.updateTable('usuarios').set({ max_recargas: 2 }).where('id', '=', id).execute();
    const lider = await entrar(e.app, 'lider');
    const { llave } = await nuevaLlave(e, admin, id);
    const antes = (await v1(e, llave, 'GET', '/v1/saldo')).json();
    expect(antes).toEqual({ limite: 2, usadas: 0, disponibles: 2 });
    expect(
      (await v1(e, llave, 'POST', '/v1/recargas', { dn: dnNuevo(), compania: 'T' }, 'c-1')).statusCode,
    ).toBe(200);
    const pantalla = await recargar(e.app, lider, { dn: dnNuevo(), compania: 'T' }, 'c-2');
    expect(pantalla.statusCode).toBe(200);
    const tercera = await v1(e, llave, 'POST', '/v1/recargas', { dn: dnNuevo(), compania: 'T' }, 'c-3');
    expect(tercera.statusCode).toBe(429);
    expect(tercera.json()).toEqual({
      mensaje: texto('limiteRecargasDia', { max: 2 }),
      codigo: 'limite_diario',
    });
    expect((await v1(e, llave, 'GET', '/v1/saldo')).json()).toEqual({ limite: 2, usadas: 2, disponibles: 0 });
  });

  it('an amount the user may not choose is refused as on the screen', async () => {
    const { llave } = await nuevaLlave(e, admin, await usuario('cliente'));
    const cuerpo = { dn: dnNuevo(), compania: 'T', monto: 50 };
    const api = await v1(e, llave, 'POST', '/v1/recargas', cuerpo, 'm-1');
    const cliente = await entrar(e.app, 'cliente');
    const pantalla = await pedir(e.app, cliente, 'POST', '/checkOut', cuerpo, { clave: 'm-1' });
    expect(api.statusCode).toBe(pantalla.statusCode);
    expect(api.json()).toEqual({ mensaje: pantalla.json().mensaje, codigo: 'monto_no_permitido' });
  });

  it('/v1/companias lists the carriers and the amounts the company sells', async () => {
    const { llave } = await nuevaLlave(e, admin, await usuario('cliente'));
    const r = (await v1(e, llave, 'GET', '/v1/companias')).json();
    expect(r.companias.map((c: { codigo: string }) => c.codigo)).toEqual(['T', 'M', 'U', 'A', 'V', 'B']);
    expect(r.montos.length).toBeGreaterThan(0);
  });

  it("a key reads only its own user's top-ups", async () => {
    const delCliente = await nuevaLlave(e, admin, await usuario('cliente'));
    const delAdmin = await nuevaLlave(e, root, await usuario('admin'));
    const hecha = await v1(
      e,
      delCliente.llave,
      'POST',
      '/v1/recargas',
      { dn: dnNuevo(), compania: 'T' },
      'p-1',
    );
    const r = await v1(e, delAdmin.llave, 'GET', `/v1/recargas/${hecha.json().id}`);
    expect(r.statusCode).toBe(404);
    expect(r.json().codigo).toBe('no_encontrada');
  });

  it('each key has its own rate limit', async () => {
    const prueba = await crearEntorno({ llavesPorMinuto: 3 });
    try {
      const a = await entrar(prueba.app, 'admin');
      const cliente = await idUsuario(prueba, 1, 'cliente');
      const uno = await nuevaLlave(prueba, a, cliente);
      const dos = await nuevaLlave(prueba, a, cliente);
      const estados = [];
      for (let i = 0; i < 4; i++) estados.push((await v1(prueba, uno.llave, 'GET', '/v1/saldo')).statusCode);
      expect(estados).toEqual([200, 200, 200, 429]);
      const negada = await v1(prueba, uno.llave, 'GET', '/v1/saldo');
      expect(negada.json().codigo).toBe('demasiadas_solicitudes');
      expect((await v1(prueba, dos.llave, 'GET', '/v1/saldo')).statusCode).toBe(200);
    } finally {
      await prueba.cerrar();
    }
  }, 180_000);
});
