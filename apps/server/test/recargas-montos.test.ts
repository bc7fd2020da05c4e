import { ajustesEmpresa } from '@recargas/contracts/empresas';
import { M } from '@recargas/contracts/mensajes';
import {
  MONTOS,
  montoDeRecarga,
  puedeCambiarPlataforma,
  puedeElegirMonto,
  veMontoMovimientos,
} from '@recargas/contracts/recargas';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIN_FALLAS } from '../src/providers/simulador.ts';
import { crearEntorno, type Entorno, entrar, simuladorDe } from './entorno.ts';
import { pedir } from './peticion.ts';
import { cuentaRecargas, enviosDemo } from './recargas-prueba.ts';

/**
 * Issue 17, amounts on the top-up routes: the company's list (ajustes.montos), its amount select
 * (enviarMonto) and the user's Permiso Monto (isMonto) decide; nothing is written or sent when
 * they refuse. Bulk lines, port-outs and line edits: recargas-montos-rutas.test.ts.
 */
type Sesion = Awaited<ReturnType<typeof entrar>>;
let e: Entorno;
const s: Record<'admin' | 'lider' | 'cliente', Sesion> = {} as never;

beforeAll(async () => {
  e = await crearEntorno();
  // Every one of them may send an external top-up, so the amount rule is what is tested there.
  await sql`insert into usuario_permisos (usuario_id, clave)
    select id, 'RECARGA_EXTERNA' from usuarios where empresa_id = 1 and username in ('lider', 'cliente')`.execute(
    e.db,
  );
  for (const u of ['admin', 'lider', 'cliente'] as const) s[u] = await entrar(e.app, u);
});
afterAll(() => e.cerrar());
beforeEach(async () => {
  (await simuladorDe(e)).configurar(SIN_FALLAS);
});

let n = 0;
const dnNuevo = () => `56${String(10_000_000 + ++n).slice(-8)}`;
const clave = () => `montos-${++n}`;

const post = (url: string, cuerpo: unknown, quien?: Sesion) =>
  pedir(e.app, quien ?? null, 'POST', url, cuerpo, { clave: clave() });
const cuenta = () => cuentaRecargas(e.db);
const envios = () => enviosDemo(e);
const fila = (id: number) =>
  e.db.selectFrom('recargas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ajustes = (cambio: Record<string, unknown>) =>
  sql`update empresas set ajustes = ajustes || ${JSON.stringify(cambio)}::jsonb where codigo = 'demo'`.execute(
    e.db,
  );
const sinAjustes = (...claves: string[]) =>
  sql`update empresas set ajustes = ajustes - ${sql.lit(claves[0])} ${sql.raw(
    claves
      .slice(1)
      .map((c) => `- '${c}'`)
      .join(' '),
  )} where codigo = 'demo'`.execute(e.db);

const FUERA_DE_LISTA = [1, 31, 99999, 100000, 0, -30];
const NO_ENTEROS: unknown[] = ['30', [30], true, 30.5, { monto: 30 }, '30.0'];

describe('a chosen amount outside the list, or not a JSON integer, is refused on every route', () => {
  it.each([
    ['cliente', '/checkOut'],
    ['lider', '/checkOut'],
    ['admin', '/checkOut'],
    ['cliente', '/foreignCheckOut'],
    ['lider', '/foreignCheckOut'],
    ['admin', '/foreignCheckOut'],
  ] as const)('%s on %s: 400/403 in Spanish, nothing written, nothing sent', async (quien, url) => {
    const [antes, enviadas] = [await cuenta(), await envios()];
    const extra = url === '/foreignCheckOut' ? { folio: 'F-1' } : {};
    for (const monto of FUERA_DE_LISTA) {
      const r = await post(url, { dn: dnNuevo(), compania: 'T', monto, ...extra }, s[quien]);
      // Who may not choose is refused for choosing (403); who may, for the amount (400).
      expect(r.statusCode, `${monto}`).toBe(quien === 'admin' ? 400 : 403);
      expect(r.json().mensaje).toBe(M.montoNoPermitido);
    }
    for (const monto of NO_ENTEROS) {
      const r = await post(url, { dn: dnNuevo(), compania: 'T', monto, ...extra }, s[quien]);
      expect(r.statusCode, JSON.stringify(monto)).toBe(400);
      expect(r.json().mensaje).toBe(M.lineaMontoInvalido);
    }
    expect(await cuenta()).toBe(antes);
    expect(await envios()).toBe(enviadas);
  });

  it('the public top-up never chooses: any monto, even of the list or null, is refused', async () => {
    const [antes, enviadas] = [await cuenta(), await envios()];
    for (const monto of [...FUERA_DE_LISTA, ...NO_ENTEROS, ...MONTOS, null]) {
      const r = await post('/checkOut/demo/recargaSinUsuario', { dn: dnNuevo(), compania: 'T', monto });
      expect(r.statusCode, JSON.stringify(monto)).toBe(403);
      expect(r.json().mensaje).toBe(M.montoNoPermitido);
    }
    expect(await cuenta()).toBe(antes);
    expect(await envios()).toBe(enviadas);
    // Without the key it goes, with the company's default amount.
    const ok = await post('/checkOut/demo/recargaSinUsuario', { dn: dnNuevo(), compania: 'T' });
    expect(ok.statusCode).toBe(200);
    expect((await fila(ok.json().id)).monto).toBe(30);
  });
});

describe('who may choose an amount', () => {
  it('without Permiso Monto nobody chooses, not even an amount of the list; null is no choice', async () => {
    const [antes, enviadas] = [await cuenta(), await envios()];
    for (const quien of ['cliente', 'lider'] as const)
      for (const monto of MONTOS) {
        const r = await post('/checkOut', { dn: dnNuevo(), compania: 'T', monto }, s[quien]);
        expect(r.statusCode).toBe(403);
        expect(r.json().mensaje).toBe(M.montoNoPermitido);
      }
    expect(await cuenta()).toBe(antes);
    expect(await envios()).toBe(enviadas);
    const sinElegir = await post('/checkOut', { dn: dnNuevo(), compania: 'T', monto: null }, s.cliente);
    expect(sinElegir.statusCode).toBe(200);
    expect((await fila(sinElegir.json().id)).monto).toBe(30);
  });

  it('with Permiso Monto and the amount select on, an amount of the list goes through', async () => {
    const sim = await simuladorDe(e);
    const dn = dnNuevo();
    const r = await post('/checkOut', { dn, compania: 'T', monto: 50 }, s.admin);
    expect(r.statusCode).toBe(200);
    expect((await fila(r.json().id)).monto).toBe(50);
    // The answer names what went: number, carrier, amount and the provider's folio (issue 18).
    expect(r.json()).toMatchObject({ estado: 'exitosa', icc: '', dn, compania: 'T', monto: 50 });
    expect(r.json().folio).toEqual(expect.any(String));
    expect(sim.envio(String(r.json().id))?.monto).toBe(50);
    // An administrator with PERMISO_MONTOS switches it on for the leader (who logs in again: the
    // screen learns isMonto at login, and the change may end the user's sessions).
    const activar = async (isMonto: boolean) => {
      expect((await post('/api/setUsuariosMonto', { username: 'lider', isMonto }, s.admin)).statusCode).toBe(
        200,
      );
      s.lider = await entrar(e.app, 'lider');
      expect(s.lider).toMatchObject({ isMonto });
    };
    await activar(true);
    try {
      const deLider = await post('/checkOut', { dn: dnNuevo(), compania: 'T', monto: 70 }, s.lider);
      expect(deLider.statusCode).toBe(200);
      expect(sim.envio(String(deLider.json().id))?.monto).toBe(70);
      const externa = await post(
        '/foreignCheckOut',
        { dn: dnNuevo(), compania: 'T', monto: 200, folio: 'F-2' },
        s.lider,
      );
      expect(externa.statusCode).toBe(200);
      expect((await fila(externa.json().id)).monto).toBe(200);
    } finally {
      await activar(false);
    }
    expect((await post('/checkOut', { dn: dnNuevo(), compania: 'T', monto: 70 }, s.lider)).statusCode).toBe(
      403,
    );
  });

  it('who may choose must choose: no amount (or null) is refused, never the default (issue 18)', async () => {
    const [antes, enviadas] = [await cuenta(), await envios()];
    for (const url of ['/checkOut', '/foreignCheckOut'])
      for (const cuerpo of [{}, { monto: null }]) {
        const r = await post(url, { dn: dnNuevo(), compania: 'T', folio: 'F-4', ...cuerpo }, s.admin);
        expect(r.statusCode, `${url} ${JSON.stringify(cuerpo)}`).toBe(400);
        expect(r.json().mensaje).toBe(M.eligeMonto);
      }
    expect(await cuenta()).toBe(antes);
    expect(await envios()).toBe(enviadas);
  });

  it("the request type is one of the list ('todito'), never free text (issue 18)", async () => {
    const antes = await cuenta();
    const r = await post('/checkOut', { dn: dnNuevo(), compania: 'T', monto: 30, tipo: 'otro' }, s.admin);
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toContain(M.tipoSolicitudInvalido);
    expect(await cuenta()).toBe(antes);
    const ok = await post('/checkOut', { dn: dnNuevo(), compania: 'T', monto: 30, tipo: 'todito' }, s.admin);
    expect(ok.statusCode).toBe(200);
  });

  it('with the amount select off nobody chooses; without a choice the default goes', async () => {
    await ajustes({ enviarMonto: false });
    try {
      const [antes, enviadas] = [await cuenta(), await envios()];
      for (const url of ['/checkOut', '/foreignCheckOut']) {
        const r = await post(url, { dn: dnNuevo(), compania: 'T', monto: 50, folio: 'F-3' }, s.admin);
        expect(r.statusCode).toBe(403);
        expect(r.json().mensaje).toBe(M.montoNoPermitido);
      }
      expect(await cuenta()).toBe(antes);
      expect(await envios()).toBe(enviadas);
      const r = await post('/checkOut', { dn: dnNuevo(), compania: 'T' }, s.admin);
      expect(r.statusCode).toBe(200);
      expect((await fila(r.json().id)).monto).toBe(30);
    } finally {
      await sinAjustes('enviarMonto');
    }
  });

  it("the company's own list decides, and a default outside it is refused too", async () => {
    await ajustes({ montos: [50, 150], montoPorDefecto: 50 });
    try {
      const r150 = await post('/checkOut', { dn: dnNuevo(), compania: 'T', monto: 150 }, s.admin);
      expect(r150.statusCode).toBe(200);
      expect((await fila(r150.json().id)).monto).toBe(150);
      const r200 = await post('/checkOut', { dn: dnNuevo(), compania: 'T', monto: 200 }, s.admin);
      expect(r200.statusCode).toBe(400);
      expect(r200.json().mensaje).toBe(M.montoNoPermitido);
      const porDefecto = await post('/checkOut', { dn: dnNuevo(), compania: 'T' }, s.cliente);
      expect((await fila(porDefecto.json().id)).monto).toBe(50);
      // A default the company does not sell (a mistake of its settings) sends nothing.
      await sinAjustes('montoPorDefecto');
      const antes = await cuenta();
      const malo = await post('/checkOut', { dn: dnNuevo(), compania: 'T' }, s.cliente);
      expect(malo.statusCode).toBe(400);
      expect(malo.json().mensaje).toBe(M.montoNoPermitido);
      expect(await cuenta()).toBe(antes);
    } finally {
      await sinAjustes('montos', 'montoPorDefecto');
    }
  });

  it('the login hands the screen the same settings: the list and the select flag', async () => {
    const r = await pedir(e.app, null, 'POST', '/iniciarSesion', {
      username: 'lider',
      password: 'Demo.2026',
      empresa: 'demo',
    });
    expect(r.json()).toMatchObject({ isMonto: false, ajustes: { enviarMonto: true, montos: [...MONTOS] } });
  });
});

describe('the shared rules (contracts recargas.ts) the screen uses too', () => {
  const a = ajustesEmpresa.parse({});
  const con = { nivel: 2, isMonto: true, permisos: [] };
  const sin = { nivel: 3, isMonto: false, permisos: [] };

  it('montoDeRecarga and puedeElegirMonto', () => {
    expect(a.montos).toEqual([...MONTOS]);
    expect(puedeElegirMonto(a, con)).toBe(true);
    expect(puedeElegirMonto(a, sin)).toBe(false);
    expect(puedeElegirMonto(a, null)).toBe(false);
    expect(puedeElegirMonto({ enviarMonto: false }, con)).toBe(false);
    expect(montoDeRecarga(a, con, { elegido: 70 })).toEqual({ monto: 70 });
    expect(montoDeRecarga(a, con, { elegido: 71 })).toMatchObject({ status: 400 });
    expect(montoDeRecarga(a, con, { elegido: '70' })).toMatchObject({ status: 400 });
    expect(montoDeRecarga(a, sin, { elegido: 70 })).toMatchObject({ status: 403 });
    expect(montoDeRecarga(a, null, { elegido: null })).toMatchObject({ status: 403 });
    expect(montoDeRecarga(a, sin, { guardado: 100 })).toEqual({ monto: 100 });
    expect(montoDeRecarga(a, sin, { guardado: 99999 })).toMatchObject({ status: 400 });
    expect(montoDeRecarga(a, null, {})).toEqual({ monto: 30 });
    expect(montoDeRecarga(a, con, {})).toEqual({
      status: 400,
      mensaje: M.eligeMonto,
      codigo: 'monto_requerido',
    });
    expect(montoDeRecarga(a, con, { guardado: 100 })).toEqual({ monto: 100 });
  });

  it('puedeCambiarPlataforma and veMontoMovimientos', () => {
    expect(puedeCambiarPlataforma({ nivel: 1, permisos: ['PLATAFORMAS'] })).toBe(true);
    expect(puedeCambiarPlataforma({ nivel: 1, permisos: [] })).toBe(false);
    expect(puedeCambiarPlataforma({ nivel: 2, permisos: ['PLATAFORMAS'] })).toBe(false);
    expect(puedeCambiarPlataforma(null)).toBe(false);
    const oculta = { ocultarMontoNoAdmin: true };
    expect(veMontoMovimientos(oculta, { nivel: 1, permisos: [] })).toBe(true);
    expect(veMontoMovimientos(oculta, { nivel: 2, permisos: ['MONTO_LIDER'] })).toBe(true);
    expect(veMontoMovimientos(oculta, { nivel: 2, permisos: [] })).toBe(false);
    expect(veMontoMovimientos(oculta, { nivel: 3, permisos: ['MONTO_LIDER'] })).toBe(false);
    expect(veMontoMovimientos({ ocultarMontoNoAdmin: false }, { nivel: 3, permisos: [] })).toBe(true);
  });
});
