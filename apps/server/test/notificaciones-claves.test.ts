import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_NOTIFICACIONES } from '@recargas/contracts/notificaciones';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { construirApp } from '../src/app.ts';
import { abrirDb, type Db } from '../src/db/database.ts';
import { clavesVapid } from '../src/modules/notificaciones/claves.ts';
import { RemitenteWebPush } from '../src/modules/notificaciones/remitentes.ts';
import { crearEntorno, type Entorno, entrar } from './entorno.ts';
import { pedir } from './peticion.ts';

/**
 * Issue 39: one VAPID pair per installation. Two API processes on one PostgreSQL database each
 * made their own in their DATA_DIR and served two public keys; the workers signed with a third.
 * Here a second app with its own pool and data folder stands for the second process.
 */
const pg = Boolean(process.env.DATABASE_URL);
let e: Entorno;
let db2: Db;
let app2: FastifyInstance;
const carpeta = mkdtempSync(join(tmpdir(), 'recargas-vapid-'));

beforeAll(async () => {
  e = await crearEntorno();
  db2 = pg ? await abrirDb(e.config) : e.db;
  app2 = await construirApp({ ...e.config, dataDir: carpeta }, db2);
}, 60_000);
afterAll(async () => {
  await app2?.close();
  if (pg) await db2?.destroy();
  await e?.cerrar();
  rmSync(carpeta, { recursive: true, force: true });
});

const clave = async (app: FastifyInstance) => {
  const s = await entrar(app, 'admin');
  const r = await pedir(app, s, 'GET', API_NOTIFICACIONES.clave);
  expect(r.statusCode).toBe(200);
  return (r.json() as { publicKey: string }).publicKey;
};

describe('the Web Push key pair', () => {
  it('is made once and served alike by every process, also when both ask first at once', async () => {
    expect(e.config.notificaciones.vapid).toBeUndefined();
    const [a, b] = await Promise.all([clave(e.app), clave(app2)]);
    expect(a).toBe(b);
    const filas = await e.db.selectFrom('claves_vapid').selectAll().execute();
    expect(filas).toHaveLength(1);
    expect(filas[0]?.publica).toBe(a);
  });

  it('is the one a sender signs with (the k= of its VAPID header)', async () => {
    let autorizacion = '';
    const push = createServer((req, res) => {
      autorizacion = req.headers.authorization ?? '';
      req.resume().on('end', () => res.writeHead(201).end());
    });
    await new Promise<void>((ok) => push.listen(0, '127.0.0.1', ok));
    try {
      const remitente = new RemitenteWebPush(e.config.notificaciones, () =>
        clavesVapid({ db: db2, config: { ...e.config, dataDir: carpeta } }),
      );
      const navegador = webpush.generateVAPIDKeys();
      const suscripcion = {
        endpoint: `http://127.0.0.1:${(push.address() as AddressInfo).port}/push/1`,
        keys: { p256dh: navegador.publicKey, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
      };
      await remitente.enviar(JSON.stringify(suscripcion), { titulo: 't', cuerpo: 'c', url: '/' });
      expect(autorizacion).toContain(`k=${await clave(e.app)}`);
    } finally {
      push.close();
    }
  });

  it('VAPID_* in the environment win over the database', async () => {
    const propias = webpush.generateVAPIDKeys();
    const config = { ...e.config, notificaciones: { ...e.config.notificaciones, vapid: propias } };
    expect(await clavesVapid({ db: e.db, config })).toEqual(propias);
  });

  it.skipIf(!pg)('an older DATA_DIR/vapid.json is adopted by an installation without a pair', async () => {
    const antiguas = webpush.generateVAPIDKeys();
    const dataDir = mkdtempSync(join(tmpdir(), 'recargas-vapid-antiguo-'));
    writeFileSync(join(dataDir, 'vapid.json'), JSON.stringify(antiguas));
    await e.db.deleteFrom('claves_vapid').execute();
    const db3 = await abrirDb(e.config);
    try {
      expect(await clavesVapid({ db: db3, config: { ...e.config, dataDir } })).toEqual(antiguas);
    } finally {
      await db3.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
