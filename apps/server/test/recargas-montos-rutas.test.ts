import { M } from '@recargas/contracts/mensajes';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as masivas from '../src/modules/masivas/service.ts';
import { SIN_FALLAS } from '../src/providers/simulador.ts';
import { crearEntorno, type Entorno, entrar, simuladorDe } from './entorno.ts';
import { type Metodo, pedir } from './peticion.ts';
import { cuentaRecargas, enviosDemo } from './recargas-prueba.ts';

/**
 * Issue 17 on the other paths that send money: bulk lines (one and the whole block), port-out
 * recharges and the writes of stored amounts (line edit, port-out edit); the DN rule of
 * MOVI_SIN_DN / ATT_SIN_DN, MONTO_LIDER and the platform switch.
 */
type Sesion = Awaited<ReturnType<typeof entrar>>;
let e: Entorno;
const s: Record<'admin' | 'lider' | 'cliente' | 'portas', Sesion> = {} as never;
let demo: number;
let adminId: number;
let liderDemo: number;

beforeAll(async () => {
  e = await crearEntorno();
  for (const u of ['admin', 'lider', 'cliente', 'portas'] as const) s[u] = await entrar(e.app, u);
  const fila = (u: string) =>
    e.db
      .selectFrom('usuarios')
      .select(['id', 'empresa_id', 'lider_id'])
      .where('username', '=', u)
      .where('empresa_id', '=', 1)
      .executeTakeFirstOrThrow();
  const a = await fila('admin');
  demo = a.empresa_id;
  adminId = a.id;
  liderDemo = (await fila('lider')).lider_id as number;
});
afterAll(() => e.cerrar());
beforeEach(async () => {
  (await simuladorDe(e)).configurar(SIN_FALLAS);
});

const ctx = () => e.app;
let n = 0;
/** Each call with a new Idempotency-Key. */
const conClave = (quien: Sesion, method: Metodo, url: string, payload?: object) =>
  pedir(e.app, quien, method, url, payload, { clave: `rutas-${++n}` });
const cuenta = () => cuentaRecargas(e.db);
const envios = () => enviosDemo(e);
const permiso = (username: string, clave: string) =>
  sql`insert into usuario_permisos (usuario_id, clave)
    select id, ${clave} from usuarios where empresa_id = 1 and username = ${username}`.execute(e.db);
const ajustes = (cambio: Record<string, unknown>) =>
  sql`update empresas set ajustes = ajustes || ${JSON.stringify(cambio)}::jsonb where id = 1`.execute(e.db);

/** Amounts a line or port-out can hold (the tables refuse 0 and below) that the company does not sell. */
const NO_VENDIDOS = [1, 31, 99999, 100000];

describe('bulk lines: the stored amount must be in the list when the line is recharged', () => {
  const bloque = async (montos: number[]) => {
    const b = await masivas.crearBloque(
      ctx(),
      demo,
      adminId,
      montos.map((monto, i) => ({
        icc: `89521770${String(++n * 100 + i).padStart(11, '0')}`,
        dn: `57${String(n * 100 + i).padStart(8, '0')}`,
        monto,
        compania: 'T' as const,
        nombre: `Montos ${i}`,
      })),
    );
    const r = await conClave(s.admin, 'GET', `/api/recargasMasivas?fecha=${b.fechaNumerica}`);
    return { fecha: b.fechaNumerica, lineas: r.json().lineas as { id: number; monto: number }[] };
  };
  const mensajes = async (fecha: number) =>
    (await conClave(s.admin, 'GET', `/api/recargasMasivas?fecha=${fecha}`)).json().lineas as {
      monto: number;
      mensaje: string | null;
      isRecargado: boolean;
    }[];

  it('one line (recargarIndividual): refused with the message, nothing written or sent', async () => {
    const { fecha, lineas } = await bloque([...NO_VENDIDOS, 50]);
    const [antes, enviadas] = [await cuenta(), await envios()];
    for (const l of lineas.filter((x) => x.monto !== 50)) {
      const r = await conClave(s.admin, 'POST', '/api/recargarIndividual', { id: l.id });
      expect(r.statusCode, `${l.monto}`).toBe(400);
      expect(r.json().mensaje).toBe(M.montoNoPermitido);
    }
    expect(await cuenta()).toBe(antes);
    expect(await envios()).toBe(enviadas);
    const buena = lineas.find((x) => x.monto === 50);
    const ok = await conClave(s.admin, 'POST', '/api/recargarIndividual', { id: buena?.id ?? 0 });
    expect(ok.statusCode).toBe(200);
    expect(await cuenta()).toBe(antes + 1);
    const vistas = await mensajes(fecha);
    for (const v of vistas.filter((x) => x.monto !== 50)) expect(v.mensaje).toBe(M.montoNoPermitido);
    expect(vistas.find((x) => x.monto === 50)?.isRecargado).toBe(true);
    // Leaders and clients do not reach bulk top-ups at all.
    for (const quien of [s.lider, s.cliente])
      expect(
        (await conClave(quien, 'POST', '/api/recargarIndividual', { id: buena?.id ?? 0 })).statusCode,
      ).toBe(403);
  });

  it('the whole block (recargarBloque, its jobs): each such line fails with the message', async () => {
    const { fecha, lineas } = await bloque([...NO_VENDIDOS, 100, 200]);
    const [antes, enviadas] = [await cuenta(), await envios()];
    const r = await conClave(s.admin, 'POST', '/api/recargarBloque', { fecha });
    expect(r.json().encoladas).toBe(lineas.length);
    const ids = lineas.map((l) => l.id);
    const trabajos = await sql<{ data: masivas.TrabajoLinea }>`select data from pgboss.job
      where name = 'recarga-masiva' and (data->>'id')::int = any(${ids})`.execute(e.db);
    expect(trabajos.rows).toHaveLength(lineas.length);
    for (const t of trabajos.rows) await masivas.procesarLinea(ctx(), t.data);
    expect(await cuenta()).toBe(antes + 2);
    expect(await envios()).toBe(enviadas + 2);
    for (const v of await mensajes(fecha))
      if (NO_VENDIDOS.includes(v.monto))
        expect(v).toMatchObject({ isRecargado: false, mensaje: M.montoNoPermitido });
      else expect(v.isRecargado).toBe(true);
  });
});

describe('port-outs: rechargeAmount is checked when written and when recharged', () => {
  const porta = async (monto: number | null) => {
    const { id } = await e.db
      .insertInto('portabilidades')
      .values({
        empresa_id: demo,
        icc: `89521880${String(++n).padStart(11, '0')}`,
        usuario_id: adminId,
        monto_recarga: monto,
        carrier_destino: 'T',
        dn_destino: `58${String(n).padStart(8, '0')}`,
        fecha_porta: new Date(),
        is_port: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };
  const montoDe = async (id: number) =>
    (
      await e.db
        .selectFrom('portabilidades')
        .select('monto_recarga')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).monto_recarga;

  it('the edit (PATCH rechargeAmount) takes only an amount of the list', async () => {
    const id = await porta(100);
    for (const monto of NO_VENDIDOS) {
      const r = await conClave(s.admin, 'PATCH', '/api/portOuts', { id, rechargeAmount: monto });
      expect(r.statusCode, `${monto}`).toBe(400);
      expect(r.json().mensaje).toBe(M.montoNoPermitido);
    }
    for (const monto of [0, -30, 30.5, true])
      expect(
        (await conClave(s.admin, 'PATCH', '/api/portOuts', { id, rechargeAmount: monto })).statusCode,
      ).toBe(400);
    expect(await montoDe(id)).toBe(100);
    expect((await conClave(s.admin, 'PATCH', '/api/portOuts', { id, rechargeAmount: 70 })).statusCode).toBe(
      200,
    );
    expect(await montoDe(id)).toBe(70);
  });

  it('the recharge of a row holding an amount not sold: refused, nothing written or sent', async () => {
    const [antes, enviadas] = [await cuenta(), await envios()];
    for (const monto of NO_VENDIDOS) {
      const id = await porta(monto);
      for (const [url, extra] of [
        ['/api/portOuts/transactions', {}],
        ['/api/portOuts/foreignTransactions', { folio: 'EXT-1', type: 3 }],
      ] as const) {
        const r = await conClave(s.admin, 'POST', url, { id, ...extra });
        expect(r.statusCode, `${url} ${monto}`).toBe(400);
        expect(r.json().mensaje).toBe(M.montoNoPermitido);
      }
    }
    expect(await cuenta()).toBe(antes);
    expect(await envios()).toBe(enviadas);
    const buena = await porta(200);
    const ok = await conClave(s.admin, 'POST', '/api/portOuts/transactions', { id: buena });
    expect(ok.statusCode).toBe(200);
    expect(await envios()).toBe(enviadas + 1);
    for (const quien of [s.lider, s.cliente])
      expect((await conClave(quien, 'POST', '/api/portOuts/transactions', { id: buena })).statusCode).toBe(
        403,
      );
  });
});

describe('inventory lines', () => {
  const linea = async (campos: { compania?: string; dn?: string; monto?: number | null } = {}) => {
    const icc = `89521990${String(++n).padStart(11, '0')}`;
    const { id } = await e.db
      .insertInto('lineas')
      .values({
        empresa_id: demo,
        icc,
        dn: '5566778899',
        compania: 'T',
        monto: 50,
        lider_id: liderDemo,
        ...campos,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, icc };
  };
  const editar = (l: { id: number; icc: string }, cambios: Record<string, unknown>) =>
    conClave(s.admin, 'POST', '/actualizarIcc', {
      id: l.id,
      icc: l.icc,
      dn: '5566778899',
      compania: 'T',
      lider: liderDemo,
      monto: 50,
      ...cambios,
    });
  const montoDe = async (id: number) =>
    (await e.db.selectFrom('lineas').select('monto').where('id', '=', id).executeTakeFirstOrThrow()).monto;

  it('the edit (actualizarIcc) takes a new amount only from the list; an old one may stay', async () => {
    const l = await linea();
    for (const monto of NO_VENDIDOS) {
      const r = await editar(l, { monto });
      expect(r.statusCode, `${monto}`).toBe(400);
      expect(r.json().mensaje).toBe(M.montoNoPermitido);
    }
    expect(await montoDe(l.id)).toBe(50);
    expect((await editar(l, { monto: 200 })).statusCode).toBe(200);
    expect(await montoDe(l.id)).toBe(200);
    // A line stored with an amount no longer sold can still be edited otherwise...
    const vieja = await linea({ monto: 99999 });
    expect((await editar(vieja, { monto: 99999, dn: '5566778800' })).statusCode).toBe(200);
    // ...but its top-up by ICC is refused, nothing written or sent.
    const [antes, enviadas] = [await cuenta(), await envios()];
    const r = await conClave(s.cliente, 'POST', '/checkOut', { icc: vieja.icc, compania: 'T' });
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(M.montoNoPermitido);
    expect(await cuenta()).toBe(antes);
    expect(await envios()).toBe(enviadas);
  });

  it('MOVI_SIN_DN / ATT_SIN_DN: a Movistar or AT&T ICC top-up with no DN at all needs them', async () => {
    for (const [compania, clave] of [
      ['M', 'MOVI_SIN_DN'],
      ['A', 'ATT_SIN_DN'],
    ] as const) {
      const l = await linea({ compania, dn: '' });
      const antes = await cuenta();
      // cliente holds no DN permission: a typed DN is dropped too, so no DN at all.
      for (const dn of ['', '5511112222']) {
        const r = await conClave(s.cliente, 'POST', '/checkOut', { icc: l.icc, dn, compania });
        expect(r.statusCode).toBe(400);
        expect(r.json().mensaje).toBe(M.recargaFaltanDatos);
      }
      expect(await cuenta()).toBe(antes);
      const enLinea = await e.db
        .selectFrom('lineas')
        .select('is_recargado')
        .where('id', '=', l.id)
        .executeTakeFirstOrThrow();
      expect(enLinea.is_recargado).toBe(false);
      await permiso('cliente', clave);
      const ok = await conClave(s.cliente, 'POST', '/checkOut', { icc: l.icc, compania });
      expect(ok.statusCode).toBe(200);
      expect(
        await e.db
          .selectFrom('recargas')
          .select(['dn', 'linea_id'])
          .where('id', '=', ok.json().id)
          .executeTakeFirstOrThrow(),
      ).toEqual({ dn: '', linea_id: l.id });
    }
    // Telcel needs no DN with an ICC.
    const telcel = await linea({ dn: '' });
    expect(
      (await conClave(s.lider, 'POST', '/checkOut', { icc: telcel.icc, compania: 'T' })).statusCode,
    ).toBe(200);
  });
});

describe('what the screen sees and sends', () => {
  it('MONTO_LIDER: where Monto is hidden from non-administrators, a leader holding it sees it', async () => {
    await conClave(s.lider, 'POST', '/checkOut', { dn: '5599887766', compania: 'T' });
    await conClave(s.cliente, 'POST', '/checkOut', { dn: '5599887765', compania: 'T' });
    const llaves = async (quien: Sesion) => {
      const r = (await conClave(quien, 'GET', '/movimientos')).json();
      return {
        titulo: r.titulos.some((t: { llave: string }) => t.llave === 'monto'),
        montos: r.movimientos.every((m: { monto: unknown }) => typeof m.monto === 'number'),
      };
    };
    await ajustes({ ocultarMontoNoAdmin: true });
    try {
      expect(await llaves(s.lider)).toEqual({ titulo: false, montos: false });
      await permiso('lider', 'MONTO_LIDER');
      await permiso('cliente', 'MONTO_LIDER');
      expect(await llaves(s.lider)).toEqual({ titulo: true, montos: true });
      expect(await llaves(s.cliente)).toEqual({ titulo: false, montos: false });
      expect(await llaves(s.admin)).toEqual({ titulo: true, montos: true });
      // The top-up's own answer hides it the same way (issue 18's result panel).
      const oculta = await conClave(s.cliente, 'POST', '/checkOut', { dn: '5599887764', compania: 'T' });
      expect(oculta.json()).toMatchObject({ dn: '5599887764', compania: 'T', monto: null });
    } finally {
      await sql`update empresas set ajustes = ajustes - 'ocultarMontoNoAdmin' where id = 1`.execute(e.db);
    }
  });

  it('the platform switch counts only for an administrator holding PLATAFORMAS', async () => {
    const p2 = await simuladorDe(e, 'demo', 2);
    // portas is an administrator (level 1) without PLATAFORMAS.
    const r = await conClave(s.portas, 'POST', '/checkOut', {
      dn: '5599887700',
      compania: 'T',
      plataforma: 2,
    });
    expect(r.statusCode).toBe(200);
    expect(p2.registro().recibidos[String(r.json().id)]).toBeUndefined();
    const admin = await conClave(s.admin, 'POST', '/checkOut', {
      dn: '5599887701',
      compania: 'T',
      monto: 30,
      plataforma: 2,
    });
    expect(p2.registro().recibidos[String(admin.json().id)]).toBe(1);
  });
});
