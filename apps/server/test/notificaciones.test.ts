import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { createServer as crearHttp, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as crearTcp, type Server as ServidorTcp } from 'node:net';
import { M, texto } from '@recargas/contracts/mensajes';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import * as saldos from '../src/modules/saldos/service.ts';
import { crearEntorno, type Entorno, entrar, idEmpresa, simuladorDe } from './entorno.ts';
import { pedir } from './peticion.ts';

/** A push service served by the test: records every request, answers 201 like FCM. */
interface Empuje {
  ruta: string;
  metodo: string;
  cabeceras: IncomingHttpHeaders;
  cuerpo: Buffer;
}
const empujes: Empuje[] = [];
let push: Server;

/** A small SMTP listener (RFC 5321 subset, no TLS): records each message's envelope and data. */
interface Correo {
  de: string;
  para: string[];
  datos: string;
}
const correos: Correo[] = [];
let smtp: ServidorTcp;

function servidorSmtp() {
  return crearTcp((s) => {
    s.setEncoding('utf8');
    let buffer = '';
    let enDatos = false;
    let actual: Correo = { de: '', para: [], datos: '' };
    const decir = (t: string) => s.write(`${t}\r\n`);
    decir('220 prueba ESMTP');
    s.on('data', (trozo: string) => {
      buffer += trozo;
      for (;;) {
        if (enDatos) {
          const fin = buffer.indexOf('\r\n.\r\n');
          if (fin < 0) return;
          actual.datos = buffer.slice(0, fin);
          buffer = buffer.slice(fin + 5);
          enDatos = false;
          correos.push(actual);
          actual = { de: '', para: [], datos: '' };
          decir('250 2.0.0 aceptado');
          continue;
        }
        const i = buffer.indexOf('\r\n');
        if (i < 0) return;
        const linea = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const cmd = linea.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') decir('250 prueba');
        else if (cmd === 'MAIL') {
          actual.de = linea;
          decir('250 2.1.0 ok');
        } else if (cmd === 'RCPT') {
          actual.para.push(linea);
          decir('250 2.1.5 ok');
        } else if (cmd === 'DATA') {
          enDatos = true;
          decir('354 fin con <CRLF>.<CRLF>');
        } else if (cmd === 'RSET' || cmd === 'NOOP') decir('250 ok');
        else if (cmd === 'QUIT') {
          decir('221 adios');
          s.end();
          return;
        } else decir('502 no implementado');
      }
    });
    s.on('error', () => undefined);
  });
}

const escuchar = (s: Server | ServidorTcp) =>
  new Promise<number>((ok) => s.listen(0, '127.0.0.1', () => ok((s.address() as { port: number }).port)));

/** The browser's side of a subscription: its P-256 key pair and auth secret. */
const navegador = createECDH('prime256v1');
navegador.generateKeys();
const auth = randomBytes(16);
let endpoint = '';
const suscripcion = () => ({
  endpoint,
  keys: { p256dh: navegador.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
});

/** Decrypts an aes128gcm Web Push body (RFC 8291 / RFC 8188) with the browser's keys. */
function descifrar(cuerpo: Buffer): string {
  const salt = cuerpo.subarray(0, 16);
  const idlen = cuerpo[20] as number;
  const clavePublicaServidor = cuerpo.subarray(21, 21 + idlen);
  const cifrado = cuerpo.subarray(21 + idlen);
  const hmac = (k: Buffer, d: Buffer) => createHmac('sha256', k).update(d).digest();
  const secreto = navegador.computeSecret(clavePublicaServidor);
  const prkClave = hmac(auth, secreto);
  const info = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    navegador.getPublicKey(),
    clavePublicaServidor,
    Buffer.from([1]),
  ]);
  const ikm = hmac(prkClave, info);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(cifrado.subarray(cifrado.length - 16));
  const plano = Buffer.concat([d.update(cifrado.subarray(0, cifrado.length - 16)), d.final()]);
  let fin = plano.length;
  while (fin > 0 && plano[fin - 1] === 0) fin--;
  expect(plano[fin - 1]).toBe(2); // last record delimiter
  return plano.subarray(0, fin - 1).toString('utf8');
}

let e: Entorno;
let admin: Awaited<ReturnType<typeof entrar>>;
const vapid = webpush.generateVAPIDKeys();

beforeAll(async () => {
  push = crearHttp((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (p: Buffer) => partes.push(p));
    req.on('end', () => {
      empujes.push({
        ruta: req.url ?? '',
        metodo: req.method ?? '',
        cabeceras: req.headers,
        cuerpo: Buffer.concat(partes),
      });
      res.writeHead(201).end();
    });
  });
  const puertoPush = await escuchar(push);
  endpoint = `http://127.0.0.1:${puertoPush}/push/navegador-1`;
  smtp = servidorSmtp();
  const puertoSmtp = await escuchar(smtp);
  e = await crearEntorno({
    trabajadores: true,
    notificaciones: {
      vapid,
      vapidSubject: 'mailto:soporte@recargas.example',
      pushHosts: ['127.0.0.1'],
      pushHttp: true,
      smtp: {
        host: '127.0.0.1',
        port: puertoSmtp,
        secure: false,
        from: 'Portal <notificaciones@recargas.example>',
      },
    },
  });
  admin = await entrar(e.app, 'admin');
  await e.db
    .insertInto('correos_notificacion')
    .values({ empresa_id: await idEmpresa(e, 'demo'), correo: 'alertas@demo.example' })
    .execute();
}, 60_000);
afterAll(async () => {
  await e?.cerrar();
  push?.close();
  smtp?.close();
});

async function hasta(condicion: () => boolean, ms = 15_000) {
  const limite = Date.now() + ms;
  while (!condicion()) {
    if (Date.now() > limite) throw new Error('tiempo agotado');
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

describe('POST /firebase', () => {
  it('keeps one subscription per browser, whatever the repeats', async () => {
    for (const token of [suscripcion(), JSON.stringify(suscripcion()), suscripcion()]) {
      const r = await pedir(e.app, admin, 'POST', '/firebase', { token });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ mensaje: M.notificacionesActivadas });
    }
    const filas = await e.db.selectFrom('suscripciones_push').selectAll().execute();
    expect(filas).toHaveLength(1);
  });

  it.each([
    ['not JSON', 'no es json'],
    ['another host', { ...suscripcion(), endpoint: 'http://10.0.0.1/push/x' }],
    ['a file URL', { ...suscripcion(), endpoint: 'file:///etc/passwd' }],
    ['a short key', { endpoint, keys: { p256dh: 'abc', auth: auth.toString('base64url') } }],
    ['no keys', { endpoint }],
    ['credentials in the URL', { ...suscripcion(), endpoint: endpoint.replace('http://', 'http://u:p@') }],
  ])('refuses %s with a Spanish 400', async (_, token) => {
    const r = await pedir(e.app, admin, 'POST', '/firebase', { token });
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(M.tokenPushInvalido);
  });

  it('needs a session', async () => {
    expect((await pedir(e.app, null, 'POST', '/firebase', { token: 'x' })).statusCode).toBe(401);
  });
});

describe('a minimum-balance crossing', () => {
  it('delivers exactly one signed, encrypted Web Push, one e-mail and one in-app notification per crossing', async () => {
    const ctx = e.app;
    const pagaqui = await simuladorDe(e, 'demo', 2);
    pagaqui.configurar({}, { MOVISTAR: 1234, IUSA_UNEFON: 5678 });
    // The crossing is seen by the save, several balance reads at once and the sweep: one alert.
    const r = await pedir(e.app, admin, 'PATCH', '/minimos', {
      minimos: [
        { id: 1, minimo: 0 },
        { id: 2, minimo: 2000 },
      ],
    });
    expect(r.statusCode).toBe(200);
    await Promise.all([
      pedir(e.app, admin, 'GET', '/saldosData'),
      pedir(e.app, admin, 'GET', '/saldosData'),
      saldos.revisar(ctx),
      saldos.revisar(ctx, undefined),
    ]);
    await hasta(() => empujes.length >= 1 && correos.length >= 1);
    await new Promise((ok) => setTimeout(ok, 2500));
    expect(empujes).toHaveLength(1);
    expect(correos).toHaveLength(1);

    const mensaje = texto('saldoBajo', {
      proveedor: 'Pagaqui',
      bolsa: 'MOVISTAR',
      saldo: 1234,
      minimo: 2000,
    });
    // Web Push: a POST to the subscription's endpoint, encrypted (aes128gcm) and VAPID-signed.
    const p = empujes[0] as Empuje;
    expect(p.metodo).toBe('POST');
    expect(p.ruta).toBe('/push/navegador-1');
    expect(p.cabeceras['content-encoding']).toBe('aes128gcm');
    expect(Number(p.cabeceras.ttl)).toBeGreaterThan(0);
    const autorizacion = String(p.cabeceras.authorization);
    const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(autorizacion) ?? [];
    expect(k).toBe(vapid.publicKey);
    expect(decodeProtectedHeader(jwt as string).alg).toBe('ES256');
    const punto = Buffer.from(k as string, 'base64url');
    const clave = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: punto.subarray(1, 33).toString('base64url'),
        y: punto.subarray(33, 65).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(jwt as string, clave, { audience: new URL(endpoint).origin });
    expect(payload.sub).toBe('mailto:soporte@recargas.example');
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
    expect(p.cuerpo.includes(Buffer.from('Pagaqui'))).toBe(false);
    expect(JSON.parse(descifrar(p.cuerpo))).toEqual({
      titulo: M.asuntoSaldoBajo,
      cuerpo: mensaje,
      url: '/in/saldos',
    });

    // E-mail: to the company's recipient, with the alert.
    const c = correos[0] as Correo;
    expect(c.para).toEqual(['RCPT TO:<alertas@demo.example>']);
    expect(c.de).toContain('notificaciones@recargas.example');
    expect(c.datos).toMatch(/Subject: /);
    expect(c.datos).toContain('Pagaqui (MOVISTAR)');

    // In-app: the administrators of demo, not its clients, not another company.
    const lista = (await pedir(e.app, admin, 'GET', '/api/notificaciones')).json();
    expect(lista.sinLeer).toBe(1);
    expect(lista.notificaciones).toEqual([
      expect.objectContaining({ titulo: M.asuntoSaldoBajo, cuerpo: mensaje, leida: false }),
    ]);
    const cliente = await entrar(e.app, 'cliente');
    expect((await pedir(e.app, cliente, 'GET', '/api/notificaciones')).json().sinLeer).toBe(0);
    const otro = await entrar(e.app, 'admin', 'gmcel');
    expect((await pedir(e.app, otro, 'GET', '/api/notificaciones')).json().notificaciones).toEqual([]);
    expect((await pedir(e.app, admin, 'POST', '/api/notificaciones/leidas')).statusCode).toBe(200);
    expect((await pedir(e.app, admin, 'GET', '/api/notificaciones')).json().sinLeer).toBe(0);

    // Back above the minimum, then below again: a second crossing, a second notification.
    pagaqui.configurar({}, { MOVISTAR: 9000, IUSA_UNEFON: 5678 });
    await saldos.revisar(ctx);
    expect(empujes).toHaveLength(1);
    pagaqui.configurar({}, { MOVISTAR: 100, IUSA_UNEFON: 5678 });
    await Promise.all([saldos.revisar(ctx), saldos.revisar(ctx)]);
    await hasta(() => empujes.length >= 2 && correos.length >= 2);
    await new Promise((ok) => setTimeout(ok, 2000));
    expect(empujes).toHaveLength(2);
    expect(correos).toHaveLength(2);
    expect((await pedir(e.app, admin, 'GET', '/api/notificaciones')).json().sinLeer).toBe(1);
  });

  it('a subscription the push service says is gone (410) is removed and not retried', async () => {
    const ctx = e.app;
    push.removeAllListeners('request');
    let veces = 0;
    push.on('request', (req, res) => {
      veces++;
      req.resume();
      res.writeHead(410).end();
    });
    const pagaqui = await simuladorDe(e, 'demo', 2);
    pagaqui.configurar({}, { MOVISTAR: 9000, IUSA_UNEFON: 5678 });
    await saldos.revisar(ctx);
    pagaqui.configurar({}, { MOVISTAR: 50, IUSA_UNEFON: 5678 });
    await saldos.revisar(ctx);
    await hasta(() => veces >= 1);
    await hasta(() => correos.length >= 3);
    await new Promise((ok) => setTimeout(ok, 1500));
    expect(veces).toBe(1);
    expect(await e.db.selectFrom('suscripciones_push').selectAll().execute()).toEqual([]);
  });

  it('GET /api/notificaciones/clave gives the VAPID public key', async () => {
    expect((await pedir(e.app, admin, 'GET', '/api/notificaciones/clave')).json()).toEqual({
      publicKey: vapid.publicKey,
    });
  });
});
