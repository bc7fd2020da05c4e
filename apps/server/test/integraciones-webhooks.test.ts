import { M } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as integraciones from '../src/modules/integraciones/service.ts';
import * as recargas from '../src/modules/recargas/service.ts';
import { SIN_FALLAS } from '../src/providers/simulador.ts';
import { crearEntorno, type Entorno, entrar, idUsuario, type Sesion, simuladorDe } from './entorno.ts';
import { dnNuevo, nuevaLlave, v1 } from './integraciones-prueba.ts';
import { esperar, firmaValida, receptor } from './integraciones-receptor.ts';
import { pedir } from './peticion.ts';

/**
 * Issue 23's webhooks against a local receiver, with the job workers in this process: signed
 * events, retries with backoff (WEBHOOKS_REINTENTO_S=1 here) until the receiver takes it, every
 * attempt recorded, a resend from the screen's call.
 */
let e: Entorno;
let admin: Sesion;
let llave: string;
let r: Awaited<ReturnType<typeof receptor>>;
let secreto: string;

beforeAll(async () => {
  e = await crearEntorno({
    trabajadores: true,
    webhooksPermitirHttp: true,
    webhooksPermitirPrivadas: true,
    webhooksReintento: 1,
  });
  admin = await entrar(e.app, 'admin');
  llave = (await nuevaLlave(e, admin, await idUsuario(e, 1, 'cliente'))).llave;
  r = await receptor();
  const w = await pedir(e.app, admin, 'POST', '/api/webhooks', { url: r.url });
  expect(w.statusCode).toBe(200);
  secreto = w.json().secreto;
}, 120_000);
afterAll(async () => {
  await e?.cerrar();
  await r?.cerrar();
});

const recargar = async (cuerpo: object, clave: string) => {
  const x = await v1(e, llave, 'POST', '/v1/recargas', cuerpo, clave);
  expect([200, 202, 422]).toContain(x.statusCode);
  return x.json() as { id: number; estado: string };
};
const deRecarga = (id: number) => r.recibidos.filter((x) => x.evento.datos.id === id);
const entregaDe = async (id: number) =>
  e.db
    .selectFrom('entregas_webhook as d')
    .innerJoin('eventos_webhook as ev', 'ev.id', 'd.evento_id')
    .select(['d.id', 'd.estado', 'd.intentos', 'ev.id as evento'])
    .where('ev.recarga_id', '=', id)
    .executeTakeFirstOrThrow();
const intentosDe = (entrega: number) =>
  e.db
    .selectFrom('intentos_webhook')
    .select(['numero', 'status'])
    .where('entrega_id', '=', entrega)
    .orderBy('numero')
    .execute();

describe('webhooks', () => {
  it('a terminal API top-up is POSTed once, signed with the secret, with its final state', async () => {
    (await simuladorDe(e)).configurar(SIN_FALLAS);
    const hecha = await recargar({ dn: dnNuevo(), compania: 'T', referencia: 'w-1' }, 'w-1');
    await esperar(() => deRecarga(hecha.id).length > 0, 30_000, 'el evento');
    const [llegado] = deRecarga(hecha.id);
    expect(firmaValida(secreto, llegado?.cuerpo ?? '', llegado?.firma)).toBe(true);
    expect(firmaValida('otro-secreto', llegado?.cuerpo ?? '', llegado?.firma)).toBe(false);
    expect(llegado?.evento).toMatchObject({
      tipo: 'recarga.exitosa',
      datos: { id: hecha.id, estado: 'exitosa', referencia: 'w-1' },
    });
    await esperar(async () => (await entregaDe(hecha.id)).estado === 'entregada', 10_000, 'entregada');
    expect((await intentosDe(Number((await entregaDe(hecha.id)).id))).map((i) => i.status)).toEqual([200]);
  });

  it('a declined top-up is a recarga.fallida event', async () => {
    (await simuladorDe(e)).configurar({ ...SIN_FALLAS, tasaRechazo: 1 });
    const hecha = await recargar({ dn: dnNuevo(), compania: 'T' }, 'w-2');
    expect(hecha.estado).toBe('fallida');
    await esperar(() => deRecarga(hecha.id).length > 0, 30_000, 'el evento');
    expect(deRecarga(hecha.id)[0]?.evento).toMatchObject({
      tipo: 'recarga.fallida',
      datos: { estado: 'fallida' },
    });
    (await simuladorDe(e)).configurar(SIN_FALLAS);
  });

  it('a receiver failing its first three attempts gets the event on the fourth; each attempt recorded', async () => {
    r.responder((_ev, n) => ({ status: n <= 3 ? 500 : 200 }));
    try {
      const hecha = await recargar({ dn: dnNuevo(), compania: 'T' }, 'w-3');
      await esperar(
        async () => (await entregaDe(hecha.id).catch(() => undefined))?.estado === 'entregada',
        60_000,
        'la cuarta',
      );
      const recibidos = deRecarga(hecha.id);
      expect(recibidos).toHaveLength(4);
      expect(new Set(recibidos.map((x) => x.evento.id)).size).toBe(1);
      const entrega = await entregaDe(hecha.id);
      expect(entrega.intentos).toBe(4);
      expect((await intentosDe(Number(entrega.id))).map((i) => i.status)).toEqual([500, 500, 500, 200]);
    } finally {
      r.responder(() => ({ status: 200 }));
    }
  }, 90_000);

  it('the screen lists the delivery and resends it: the same event id again', async () => {
    const hecha = await recargar({ dn: dnNuevo(), compania: 'T' }, 'w-4');
    await esperar(
      async () => (await entregaDe(hecha.id).catch(() => undefined))?.estado === 'entregada',
      30_000,
      'entregada',
    );
    const entrega = await entregaDe(hecha.id);
    const lista = await pedir(e.app, admin, 'GET', '/api/webhooks/entregas');
    expect(lista.json().entregas.find((d: { id: number }) => d.id === Number(entrega.id))).toMatchObject({
      estado: 'entregada',
      intentos: 1,
      tipo: 'recarga.exitosa',
    });
    const re = await pedir(e.app, admin, 'POST', `/api/webhooks/entregas/${entrega.id}/reenviar`, {});
    expect(re.json()).toEqual({ mensaje: M.entregaReenviada });
    await esperar(() => deRecarga(hecha.id).length === 2, 30_000, 'el reenvío');
    expect(deRecarga(hecha.id).map((x) => x.evento.id)).toEqual([entrega.evento, entrega.evento]);
  });

  // Last: it deletes the company's webhook.
  it('a top-up decided after its webhook is deleted gets no event; its link is done', async () => {
    (await simuladorDe(e)).configurar({ ...SIN_FALLAS, tasaTimeout: 1 });
    const abierta = await recargar({ dn: dnNuevo(), compania: 'T' }, 'w-sin');
    expect(abierta.estado).toBe('pendiente');
    (await simuladorDe(e)).configurar(SIN_FALLAS);
    const [w] = (await pedir(e.app, admin, 'GET', '/api/webhooks')).json().webhooks;
    const borrado = await pedir(e.app, admin, 'DELETE', `/api/webhooks/${w.id}`);
    expect(borrado.statusCode).toBe(200);
    expect(await recargas.reconciliar(e.app, abierta.id)).toBe(true);
    expect(await integraciones.generarEventos(e.app, [abierta.id])).toBe(1);
    const enlace = await e.db
      .selectFrom('recargas_api')
      .select('evento_id')
      .where('recarga_id', '=', abierta.id)
      .executeTakeFirstOrThrow();
    expect(enlace.evento_id).toBe(recargas.SIN_EVENTO);
    const eventos = await e.db
      .selectFrom('eventos_webhook')
      .select('id')
      .where('recarga_id', '=', abierta.id)
      .execute();
    expect(eventos).toEqual([]);
  });

  it('a webhook must be https unless WEBHOOKS_PERMITIR_HTTP=1', async () => {
    const otro = await crearEntorno();
    try {
      const a = await entrar(otro.app, 'admin');
      const x = await pedir(otro.app, a, 'POST', '/api/webhooks', { url: 'http://127.0.0.1:9/eventos' });
      expect(x.statusCode).toBe(400);
      expect(x.json().mensaje).toBe(M.webhookUrlInvalida);
    } finally {
      await otro.cerrar();
    }
  }, 180_000);
});
