import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { M, texto } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { entregarPendientes } from '../src/modules/notificaciones/service.ts';
import { crearEntorno, type Entorno, entrar, idEmpresa, idUsuario, type Sesion } from './entorno.ts';
import { pedir } from './peticion.ts';

/** POST /sendNotification: an administrator notifies every user of the company, once each. */

/** The push service double: counts the posts each subscription's endpoint receives. */
const empujes: string[] = [];
let push: Server;
let base = '';
let e: Entorno;
let admin: Sesion;

/** A browser's subscription of `username` of company `empresa`, stored as POST /firebase stores it. */
async function suscribir(empresa: string, username: string, navegador: string) {
  const llaves = createECDH('prime256v1');
  llaves.generateKeys();
  const empresaId = await idEmpresa(e, empresa);
  await e.db
    .insertInto('suscripciones_push')
    .values({
      empresa_id: empresaId,
      usuario_id: await idUsuario(e, empresaId, username),
      endpoint: `${base}/push/${navegador}`,
      p256dh: llaves.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    })
    .execute();
}

beforeAll(async () => {
  push = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      empujes.push(req.url ?? '');
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((ok) => push.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(push.address() as { port: number }).port}`;
  e = await crearEntorno({
    notificaciones: {
      vapid: webpush.generateVAPIDKeys(),
      vapidSubject: 'mailto:soporte@recargas.example',
      pushHosts: ['127.0.0.1'],
      pushHttp: true,
      smtp: undefined,
    },
  });
  admin = await entrar(e.app, 'admin');
  await suscribir('demo', 'admin', 'admin-1');
  await suscribir('demo', 'cliente', 'cliente-1');
  await suscribir('demo', 'cliente', 'cliente-2');
  await suscribir('demo', 'lider', 'lider-1');
  await suscribir('gmcel', 'admin', 'gmcel-1');
}, 60_000);
afterAll(async () => {
  await e?.cerrar();
  push?.close();
});

const enviar = (payload: unknown, llave?: string, s: Sesion = admin) =>
  pedir(e.app, s, 'POST', '/sendNotification', payload, { clave: llave });
/** In-app rows with this title, per company code. */
const filas = async (titulo: string) =>
  e.db
    .selectFrom('notificaciones as n')
    .innerJoin('empresas as m', 'm.id', 'n.empresa_id')
    .select(['m.codigo', 'n.usuario_id', 'n.cuerpo'])
    .where('n.titulo', '=', titulo)
    .execute();
const usuariosVivos = async (empresa: string) =>
  (
    await e.db
      .selectFrom('usuarios')
      .select('id')
      .where('empresa_id', '=', await idEmpresa(e, empresa))
      .where('eliminado', 'is', null)
      .execute()
  ).map((u) => u.id);
/** Sends what is pending, then a second pass, which must find nothing left. */
async function entregar() {
  await entregarPendientes(e.app);
  await entregarPendientes(e.app);
}

describe('POST /sendNotification', () => {
  it('every user of the company gets it once in-app; each subscription one push; other companies nothing', async () => {
    const r = await enviar(
      { titulo: ' Aviso de mantenimiento ', texto: 'El sábado no habrá servicio.' },
      'k-1',
    );
    expect(r.statusCode, r.body).toBe(200);
    const demo = await usuariosVivos('demo');
    expect(r.json()).toEqual({
      mensaje: texto('notificacionEnviada', { n: demo.length }),
      destinatarios: demo.length,
    });
    const escritas = await filas('Aviso de mantenimiento');
    expect(escritas.map((f) => f.usuario_id).sort()).toEqual([...demo].sort());
    expect(escritas.every((f) => f.codigo === 'demo' && f.cuerpo === 'El sábado no habrá servicio.')).toBe(
      true,
    );
    await entregar();
    expect([...empujes].sort()).toEqual([
      '/push/admin-1',
      '/push/cliente-1',
      '/push/cliente-2',
      '/push/lider-1',
    ]);

    // The user sees it in the bell's list.
    const cliente = await entrar(e.app, 'cliente');
    const lista = await pedir(e.app, cliente, 'GET', '/api/notificaciones');
    expect(lista.json().notificaciones[0]).toMatchObject({ titulo: 'Aviso de mantenimiento', leida: false });
  });

  it('a double click (same Idempotency-Key, even at once) or a retried identical request sends nothing more', async () => {
    const antes = empujes.length;
    const cuerpo = { titulo: 'Doble clic', texto: 'Una sola vez' };
    const rs = await Promise.all([enviar(cuerpo, 'k-2'), enviar(cuerpo, 'k-2'), enviar(cuerpo, 'k-2')]);
    expect(rs.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const sinLlave = { titulo: 'Sin llave', texto: 'Reintento' };
    await enviar(sinLlave);
    await enviar(sinLlave);
    await entregar();
    const demo = await usuariosVivos('demo');
    expect(await filas('Doble clic')).toHaveLength(demo.length);
    expect(await filas('Sin llave')).toHaveLength(demo.length);
    expect(empujes.length - antes).toBe(8);
    // A new submit (new key) of the same text is a new notification.
    await enviar(cuerpo, 'k-3');
    expect(await filas('Doble clic')).toHaveLength(2 * demo.length);
  });

  it('refuses a missing or too long title or text with the catalogue message', async () => {
    const sinTitulo = await enviar({ titulo: '  ', texto: 'x' }, 'k-4');
    expect(sinTitulo.statusCode).toBe(400);
    expect(sinTitulo.json().mensaje).toBe(M.notificacionSinTitulo);
    const largo = await enviar({ titulo: 'x', texto: 'y'.repeat(1001) }, 'k-5');
    expect(largo.statusCode).toBe(400);
    expect(largo.json().mensaje).toBe(M.notificacionSinTexto);
    expect((await enviar({ titulo: 'x' }, 'k-6')).json().mensaje).toBe(M.notificacionSinTexto);
  });

  it('only administrators send: a leader and a client get 403', async () => {
    for (const username of ['lider', 'cliente']) {
      const s = await entrar(e.app, username);
      const r = await enviar({ titulo: 'No', texto: 'No' }, `k-${username}`, s);
      expect(r.statusCode, username).toBe(403);
      expect(r.json().mensaje).toBe(M.sinPermiso);
    }
    expect(await filas('No')).toHaveLength(0);
    const root = await entrar(e.app, 'root');
    expect((await enviar({ titulo: 'De root', texto: 'Hola' }, 'k-root', root)).statusCode).toBe(200);
  });
});
