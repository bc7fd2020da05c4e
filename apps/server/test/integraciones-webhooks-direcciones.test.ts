import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { M } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DireccionVedada, esPublica, postear } from '../src/lib/direcciones.ts';
import { SIN_FALLAS } from '../src/providers/simulador.ts';
import {
  crearEntorno,
  type Entorno,
  entrar,
  idEmpresa,
  idUsuario,
  type Sesion,
  simuladorDe,
} from './entorno.ts';
import { dnNuevo, nuevaLlave, v1 } from './integraciones-prueba.ts';
import { esperar, receptor } from './integraciones-receptor.ts';
import { pedir } from './peticion.ts';

/**
 * Issue 44: webhooks were a blind SSRF (a tenant admin registered https://10.255.255.1/x or
 * loopback and read each delivery's status). Private, loopback, link-local, unique-local,
 * CGNAT and metadata addresses are refused at registration and at every delivery (the host
 * resolved again), recorded without saying what was found; redirects are never followed.
 * WEBHOOKS_PERMITIR_PRIVADAS is off here; http is on so a local receiver can be named.
 */
let e: Entorno;
let admin: Sesion;
let otraAdmin: Sesion;
let r: Awaited<ReturnType<typeof receptor>>;

beforeAll(async () => {
  e = await crearEntorno({ trabajadores: true, webhooksPermitirHttp: true, webhooksReintento: 1 });
  admin = await entrar(e.app, 'admin');
  otraAdmin = await entrar(e.app, 'admin', 'gmcel');
  r = await receptor();
}, 180_000);
afterAll(async () => {
  await e?.cerrar();
  await r?.cerrar();
});

const VEDADAS = [
  'https://10.255.255.1/x',
  'https://127.0.0.1/x',
  'https://localhost/x',
  'https://[::1]/x',
  'https://169.254.169.254/latest/meta-data',
  'https://100.64.0.1/x',
  'https://0.0.0.0/x',
  'https://172.16.5.4/x',
  'https://192.168.1.1/x',
  'https://[fd00::1]/x',
  'https://[fe80::1]/x',
  'https://[::ffff:127.0.0.1]/x',
  'https://[::ffff:a9fe:a9fe]/x',
];

describe('registration', () => {
  it('refuses every private, loopback, link-local or internal address with the catalogue text', async () => {
    for (const url of VEDADAS) {
      const x = await pedir(e.app, otraAdmin, 'POST', '/api/webhooks', { url });
      expect([url, x.statusCode, x.json()]).toEqual([url, 400, { mensaje: M.webhookDireccionPrivada }]);
    }
    expect((await pedir(e.app, otraAdmin, 'GET', '/api/webhooks')).json().webhooks).toEqual([]);
  });

  it('takes a public address', async () => {
    const x = await pedir(e.app, otraAdmin, 'POST', '/api/webhooks', { url: 'https://93.184.215.14/x' });
    expect(x.statusCode).toBe(200);
    await pedir(e.app, otraAdmin, 'DELETE', `/api/webhooks/${x.json().id}`);
  });

  it('judges addresses by range', () => {
    for (const ip of ['8.8.8.8', '93.184.215.14', '2606:4700::1111', '100.128.0.1', '172.32.0.1'])
      expect([ip, esPublica(ip)]).toEqual([ip, true]);
    for (const ip of ['100.127.255.254', '169.254.169.254', 'fc12::1', '::', '224.0.0.1', 'no-es-ip'])
      expect([ip, esPublica(ip)]).toEqual([ip, false]);
  });
});

describe('delivery', () => {
  it('re-resolves the host: one that now points inside fails without connecting, neutrally recorded', async () => {
    (await simuladorDe(e)).configurar(SIN_FALLAS);
    const demo = await idEmpresa(e, 'demo');
    // As if registered while their names resolved to public addresses.
    const puerto = new URL(r.url).port;
    await e.db
      .insertInto('webhooks')
      .values([
        { empresa_id: demo, url: `http://localhost:${puerto}/eventos`, secreto: 'whsec_a' },
        { empresa_id: demo, url: r.url, secreto: 'whsec_b' },
      ])
      .execute();
    const { llave } = await nuevaLlave(e, admin, await idUsuario(e, demo, 'cliente'));
    const hecha = (
      await v1(e, llave, 'POST', '/v1/recargas', { dn: dnNuevo(), compania: 'T' }, 'd-1')
    ).json();
    const intentos = () =>
      e.db
        .selectFrom('intentos_webhook as i')
        .innerJoin('entregas_webhook as d', 'd.id', 'i.entrega_id')
        .innerJoin('eventos_webhook as ev', 'ev.id', 'd.evento_id')
        .select(['i.status', 'i.error', 'd.ultimo_error'])
        .where('ev.recarga_id', '=', hecha.id)
        .execute();
    await esperar(async () => (await intentos()).length >= 2, 30_000, 'los dos intentos');
    for (const i of await intentos())
      expect(i).toEqual({
        status: null,
        error: M.entregaDireccionNoPermitida,
        ultimo_error: M.entregaDireccionNoPermitida,
      });
    expect(r.recibidos).toEqual([]);
    const lista = (await pedir(e.app, admin, 'GET', '/api/webhooks/entregas')).json().entregas;
    expect(
      lista.filter((d: { ultimoError: string }) => d.ultimoError === M.entregaDireccionNoPermitida),
    ).toHaveLength(2);
  });

  it('a redirect is not followed, and a name pointing inside connects nowhere', async () => {
    let llegadas = 0;
    const destino = createServer((_q, s) => {
      llegadas++;
      s.end();
    });
    await new Promise<void>((ok) => destino.listen(0, '127.0.0.1', ok));
    const adentro = `http://127.0.0.1:${(destino.address() as AddressInfo).port}/`;
    const redirige = createServer((_q, s) => s.writeHead(307, { location: adentro }).end());
    await new Promise<void>((ok) => redirige.listen(0, '127.0.0.1', ok));
    const afuera = `http://127.0.0.1:${(redirige.address() as AddressInfo).port}/`;
    try {
      const envio = { cabeceras: {}, cuerpo: '{}', esperaMs: 5000 };
      expect(await postear(afuera, { ...envio, privadas: true })).toBe(307);
      await expect(
        postear(adentro.replace('127.0.0.1', 'localhost'), { ...envio, privadas: false }),
      ).rejects.toThrow(DireccionVedada);
      expect(llegadas).toBe(0);
    } finally {
      destino.close();
      redirige.close();
    }
  });
});
