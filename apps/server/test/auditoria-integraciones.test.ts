import type { FilaAuditoria } from '@recargas/contracts/auditoria';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as usuarios from '../src/modules/usuarios/service.ts';
import {
  crearEntorno,
  type Entorno,
  entrar,
  idEmpresa,
  idUsuario,
  PASSWORD_DEMO,
  type Sesion,
} from './entorno.ts';
import { nuevaLlave } from './integraciones-prueba.ts';
import { pedir } from './peticion.ts';

/**
 * Issue 44: API keys made and revoked, webhooks registered and deleted, and users deleted are on
 * the company's audit trail (its list, /api/auditoria), written with the change; never a secret.
 */
let e: Entorno;
let admin: Sesion;
let otraAdmin: Sesion;
let demo: number;
let hoy = '';

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, 'admin');
  otraAdmin = await entrar(e.app, 'admin', 'gmcel');
  demo = await idEmpresa(e, 'demo');
  hoy = (
    await sql<{ d: string }>`select (now() at time zone 'America/Mexico_City')::date::text as d`.execute(e.db)
  ).rows[0]?.d as string;
}, 180_000);
afterAll(() => e.cerrar());

/** The trail as the audit screen lists it today, for `s`'s company. */
const lista = async (s: Sesion) => {
  const r = await pedir(
    e.app,
    s,
    'GET',
    `/api/auditoria?${new URLSearchParams({ desde: hoy, hasta: hoy, limit: '100' })}`,
  );
  expect(r.statusCode).toBe(200);
  return r.json().cambios as FilaAuditoria[];
};
const de = async (s: Sesion, tabla: string, fila: number) =>
  (await lista(s)).filter((c) => c.tabla === tabla && c.fila === String(fila));

describe('the audit trail of integraciones and user deletion', () => {
  it('a key made and revoked: two rows, by the admin, without its secret', async () => {
    const { id, llave } = await nuevaLlave(e, admin, await idUsuario(e, demo, 'cliente'), {
      nombre: 'caja 7',
    });
    expect((await pedir(e.app, admin, 'DELETE', `/api/llaves/${id}`)).statusCode).toBe(200);
    const filas = await de(admin, 'llaves_api', id);
    expect(filas.map((f) => [f.tipo, f.usuario, f.antes, f.despues])).toEqual([
      ['llaveApi', 'admin', { nombre: 'caja 7', revocada: false }, { nombre: 'caja 7', revocada: true }],
      [
        'llaveApi',
        'admin',
        null,
        expect.objectContaining({ nombre: 'caja 7', usuario_id: await idUsuario(e, demo, 'cliente') }),
      ],
    ]);
    expect(JSON.stringify(filas)).not.toContain(llave.slice(16));
    // A second revocation changes nothing and records nothing.
    expect((await pedir(e.app, admin, 'DELETE', `/api/llaves/${id}`)).statusCode).toBe(404);
    expect(await de(admin, 'llaves_api', id)).toHaveLength(2);
    expect(await de(otraAdmin, 'llaves_api', id)).toEqual([]);
  });

  it('a webhook registered and deleted: its URL, never its secret', async () => {
    const url = 'https://93.184.215.14/eventos';
    const w = await pedir(e.app, admin, 'POST', '/api/webhooks', { url });
    expect(w.statusCode).toBe(200);
    const { id, secreto } = w.json();
    expect((await pedir(e.app, admin, 'DELETE', `/api/webhooks/${id}`)).statusCode).toBe(200);
    const filas = await de(admin, 'webhooks', id);
    expect(filas.map((f) => [f.tipo, f.antes, f.despues])).toEqual([
      ['webhook', { url }, null],
      ['webhook', null, { url }],
    ]);
    expect(JSON.stringify(filas)).not.toContain(secreto);
    expect(await de(otraAdmin, 'webhooks', id)).toEqual([]);
  });

  it('a user deleted from the screen, and one disabled from the CLI', async () => {
    const nuevo = (username: string) =>
      usuarios.crear(e.db, {
        empresaId: demo,
        username,
        nombre: username,
        password: PASSWORD_DEMO,
        nivel: 2,
        maxRecargas: 10,
      });
    const uno = await nuevo('baja-pantalla');
    expect((await pedir(e.app, admin, 'POST', '/eliminarUsuario', { id: uno })).statusCode).toBe(200);
    expect((await de(admin, 'usuarios', uno)).map((f) => [f.tipo, f.usuario, f.antes, f.despues])).toEqual([
      ['baja', 'admin', { username: 'baja-pantalla' }, null],
    ]);
    const dos = await nuevo('baja-cli');
    await usuarios.deshabilitar(e.db, demo, 'baja-cli');
    expect((await de(admin, 'usuarios', dos)).map((f) => [f.tipo, f.usuarioId, f.antes])).toEqual([
      ['baja', null, { username: 'baja-cli' }],
    ]);
    expect(await de(otraAdmin, 'usuarios', uno)).toEqual([]);
  });
});
