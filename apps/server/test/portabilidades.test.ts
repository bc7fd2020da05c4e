import { M, texto } from '@recargas/contracts/mensajes';
import type {
  DetallePorta,
  PortOut,
  RespuestaInventario,
  RespuestaPortas,
  RespuestaRecargaPorta,
} from '@recargas/contracts/portabilidades';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAS_DEMO } from '../src/db/seed/portabilidades.ts';
import { hoyEn } from '../src/lib/fechas.ts';
import { rangoPorDefecto } from '../src/modules/portabilidades/service.ts';
import { SIN_FALLAS } from '../src/providers/simulador.ts';
import { conToken, crearEntorno, type Entorno, entrar, simuladorDe } from './entorno.ts';

let e: Entorno;
type Sesion = Awaited<ReturnType<typeof entrar>>;
const s: Record<string, Sesion> = {};
const ZONA = 'America/Mexico_City';

async function pedir(
  quien: string,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
  extra: Record<string, string> = {},
) {
  const u = s[quien] as Sesion;
  const r = await e.app.inject({
    method,
    url,
    headers: { ...conToken(u.token, u.xsrf), ...extra },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: r.statusCode, cuerpo: r.json() as Record<string, unknown> };
}

const lista = async (quien = 'admin', query = '') => {
  const r = await pedir(quien, 'GET', `/api/portOuts?${query}`);
  return { status: r.status, cuerpo: r.cuerpo as unknown as RespuestaPortas & { mensaje?: string } };
};
const accion = (id: number, accion: 'activar' | 'portar', quien = 'admin') =>
  pedir(quien, 'POST', '/api/portOuts/activacion', { id, accion, origin: 'web', icc: 'ignorado' });
const recargar = (id: number, quien = 'admin') => pedir(quien, 'POST', '/api/portOuts/transactions', { id });
const externa = (id: number, folio?: string) =>
  pedir('admin', 'POST', '/api/portOuts/foreignTransactions', {
    id,
    ...(folio !== undefined ? { folio } : {}),
    type: 3,
  });
const actualizar = (cambios: Record<string, unknown>) => pedir('admin', 'PATCH', '/api/portOuts', cambios);

async function empresaId(codigo: string) {
  return (
    await e.db.selectFrom('empresas').select('id').where('codigo', '=', codigo).executeTakeFirstOrThrow()
  ).id;
}

/** A new port-out row of `demo`, inserted now: icc only, as an upload leaves it. */
async function nueva(icc: string, extra: Record<string, unknown> = {}) {
  const r = await e.db
    .insertInto('portabilidades')
    .values({ empresa_id: await empresaId('demo'), icc, lider_nombre: 'Lider Demo', ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

async function fila(id: number): Promise<PortOut> {
  const r = await lista('admin', `filtros=${encodeURIComponent(JSON.stringify({}))}&limit=100`);
  const f = r.cuerpo.portOuts.find((p) => p.id === id);
  if (!f) throw new Error(`sin fila ${id}`);
  return f;
}

beforeAll(async () => {
  e = await crearEntorno();
  for (const u of ['admin', 'lider', 'cliente', 'portas']) s[u] = await entrar(e.app, u);
  s.gmcel = await entrar(e.app, 'admin', 'gmcel');
});
afterAll(() => e.cerrar());

describe('GET api/portOuts', () => {
  it('defaults to the previous month’s day (capped at 27) through today, with the count', async () => {
    const r = await lista();
    expect(r.status).toBe(200);
    const rango = rangoPorDefecto(ZONA);
    expect(r.cuerpo.fechaInicial).toBe(rango.desde);
    expect(r.cuerpo.fechaFinal).toBe(hoyEn(ZONA));
    expect(r.cuerpo.total).toBe(PORTAS_DEMO);
    expect(r.cuerpo.portOuts).toHaveLength(20);
  });

  it('computes the default start from the previous month, capping the day at 27', () => {
    expect(rangoPorDefecto(ZONA, new Date('2026-03-31T18:00:00Z')).desde).toBe('2026-02-27');
    expect(rangoPorDefecto(ZONA, new Date('2026-01-10T18:00:00Z')).desde).toBe('2025-12-10');
    expect(rangoPorDefecto(ZONA, new Date('2026-05-27T18:00:00Z')).desde).toBe('2026-04-27');
  });

  it('pages by keyset: newest first, every row once, the count only on the first page', async () => {
    const p1 = await lista('admin', 'limit=20');
    const p2 = await lista('admin', `limit=20&after=${p1.cuerpo.siguiente}`);
    expect(p2.status).toBe(200);
    expect(p2.cuerpo.total).toBeNull();
    expect(p2.cuerpo.siguiente).toBeNull();
    const todas = [...p1.cuerpo.portOuts, ...p2.cuerpo.portOuts];
    expect(new Set(todas.map((f) => f.id)).size).toBe(PORTAS_DEMO);
    const fechas = todas.map((f) => f.insertedDate);
    expect([...fechas].sort().reverse()).toEqual(fechas);
    expect((await lista('admin', 'after=basura')).status).toBe(400);
  });

  it('filters by chips: OR inside a column, AND across columns, on the text shown (NA included)', async () => {
    const chips = (f: object) => lista('admin', `limit=100&filtros=${encodeURIComponent(JSON.stringify(f))}`);
    const portadas = await chips({ isPort: ['sí'] });
    expect(portadas.cuerpo.total).toBe(12);
    expect(portadas.cuerpo.portOuts.every((f) => f.isPort === 1)).toBe(true);
    const sinInter = await chips({ inter: ['NA'] });
    expect(sinInter.cuerpo.portOuts.every((f) => f.inter === null)).toBe(true);
    expect(sinInter.cuerpo.total).toBeGreaterThan(0);
    const dos = await chips({ originCarrier: ['telcel', 'movistar'], isPort: ['no'] });
    expect(
      dos.cuerpo.portOuts.every((f) => ['T', 'M'].includes(f.originCarrier ?? '') && f.isPort === 0),
    ).toBe(true);
    expect((await lista('admin', 'filtros=%7B%22nope%22%3A%5B%22x%22%5D%7D')).cuerpo.mensaje).toBe(
      M.filtrosInvalidos,
    );
  });

  it('shows only the caller’s company and only to administrators with PORTABILIDADES', async () => {
    expect((await lista('gmcel')).cuerpo.total).toBe(0);
    expect((await lista('lider')).status).toBe(403);
    expect((await lista('cliente')).status).toBe(403);
    expect((await lista('portas')).status).toBe(200);
  });

  it('refuses a reversed range and impossible dates with a message', async () => {
    const r = await lista('admin', 'fechaInicial=2026/02/10&fechaFinal=2026/01/10');
    expect(r.status).toBe(400);
    expect(r.cuerpo.mensaje).toBe(M.rangoFechasInvalido);
    expect((await lista('admin', 'fechaInicial=2026/02/30')).status).toBe(400);
  });
});

describe('the row flow (section 4), enforced on the server', () => {
  const icc = '8952140000000001234';
  let id: number;

  it('a new row can only be activated', async () => {
    id = await nueva(icc);
    expect((await fila(id)).destinationDn).toBeNull();
    const portar = await accion(id, 'portar');
    expect(portar).toMatchObject({ status: 409, cuerpo: { mensaje: M.aunNoPortar } });
    const r = await recargar(id);
    expect(r).toMatchObject({ status: 409, cuerpo: { mensaje: M.aunNoRecargar } });
    expect((await externa(id, 'F1')).cuerpo.mensaje).toBe(M.aunNoRecargar);
    expect((await pedir('admin', 'GET', '/api/portOuts/5600001234')).status).toBe(404);
  });

  it('Activar gives the SIM its number from ATT, once', async () => {
    const r = await accion(id, 'activar');
    expect(r.status).toBe(200);
    expect(r.cuerpo.mensaje).toBe(M.iccActivado);
    expect((r.cuerpo.portOut as PortOut).destinationDn).toBe(`56${icc.slice(-8)}`);
    expect(await accion(id, 'activar')).toMatchObject({
      status: 409,
      cuerpo: { mensaje: M.portaYaActivada },
    });
  });

  it('the update sends id plus changed fields only; nothing changed is refused', async () => {
    expect(await actualizar({ id })).toMatchObject({ status: 400, cuerpo: { mensaje: M.ningunCambio } });
    expect(await actualizar({ id, leaderName: 'Lider Demo' })).toMatchObject({
      status: 400,
      cuerpo: { mensaje: M.ningunCambio },
    });
    const antes = await e.db
      .selectFrom('portabilidades')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const r = await actualizar({ id, originDn: '5512345678', originCarrier: 'T', nip: '0000' });
    expect(r.status).toBe(200);
    expect(r.cuerpo.mensaje).toBe(M.actualizadoCorrectamente);
    const despues = await e.db
      .selectFrom('portabilidades')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(despues).toEqual({
      ...antes,
      dn_origen: '5512345678',
      carrier_origen: 'T',
      nip: '0000',
      actualizada: despues.actualizada,
    });
    expect((await actualizar({ id, nip: '12' })).cuerpo.mensaje).toBe(M.portaNipInvalido);
    expect((await actualizar({ id, originDn: '55' })).cuerpo.mensaje).toBe(M.portaDnInvalido);
    expect((await actualizar({ id, destinationCarrier: 'X' })).cuerpo.mensaje).toBe(M.lineaCompaniaInvalida);
    expect((await actualizar({ id: 999999, leaderName: 'x' })).status).toBe(404);
  });

  it('a refused port sets portDate with isPort 0: Portar nuevamente, no recharge yet', async () => {
    const r = await accion(id, 'portar');
    expect(r.status).toBe(422);
    expect(r.cuerpo.mensaje).toBe(texto('portaPortaFallida', { error: 'NIP incorrecto' }));
    const f = await fila(id);
    expect(f.portDate).not.toBeNull();
    expect(f.isPort).toBe(0);
    expect((await recargar(id)).cuerpo.mensaje).toBe(M.aunNoRecargar);
    // The number is fixed once a port was asked; the NIP can still be corrected.
    expect(await actualizar({ id, destinationDn: '5699999999' })).toMatchObject({
      status: 409,
      cuerpo: { mensaje: M.portaNoEditable },
    });
    expect((await actualizar({ id, nip: '4321', rechargeAmount: 100, destinationCarrier: 'A' })).status).toBe(
      200,
    );
  });

  it('Portar nuevamente ports it; no step can be repeated', async () => {
    const r = await accion(id, 'portar');
    expect(r.status).toBe(200);
    expect(r.cuerpo.mensaje).toBe(M.iccPortado);
    expect((r.cuerpo.portOut as PortOut).isPort).toBe(1);
    expect(await accion(id, 'portar')).toMatchObject({ status: 409, cuerpo: { mensaje: M.portaYaPortada } });
    expect(await accion(id, 'activar')).toMatchObject({
      status: 409,
      cuerpo: { mensaje: M.portaYaActivada },
    });
    expect(await actualizar({ id, nip: '1111' })).toMatchObject({
      status: 409,
      cuerpo: { mensaje: M.portaNoEditable },
    });
  });

  it('Detalles: the ATT detail of the ported number', async () => {
    const dn = `56${icc.slice(-8)}`;
    const r = await pedir('admin', 'GET', `/api/portOuts/${dn}`);
    expect(r.status).toBe(200);
    const d = r.cuerpo as unknown as DetallePorta;
    expect(d).toMatchObject({ telefonoAPortar: '5512345678', telefonoDestino: dn, estado: 'PORTADO' });
    expect(Object.keys(d).sort()).toEqual([
      'comentarios',
      'estado',
      'fechaCrea',
      'fechaModifica',
      'refExterna1',
      'telefonoAPortar',
      'telefonoDestino',
    ]);
    expect((await pedir('gmcel', 'GET', `/api/portOuts/${dn}`)).status).toBe(404);
    expect((await pedir('admin', 'GET', '/api/portOuts/12ab')).cuerpo.mensaje).toBe(M.portaDnInvalido);
  });

  it('the detail fails with its message when ATT does not answer', async () => {
    const sim = await simuladorDe(e);
    sim.configurar({ tasa5xx: 1 });
    const r = await pedir('admin', 'GET', `/api/portOuts/56${icc.slice(-8)}`);
    sim.configurar(SIN_FALLAS);
    expect(r).toMatchObject({ status: 502, cuerpo: { mensaje: M.detalleFallido } });
  });

  it('an external recharge without folio is refused', async () => {
    expect(await externa(id)).toMatchObject({ status: 400, cuerpo: { mensaje: M.sinFolio } });
    expect(await externa(id, '  ')).toMatchObject({ status: 400, cuerpo: { mensaje: M.sinFolio } });
  });

  it('Recargar goes through the top-up engine exactly once under a double press', async () => {
    const sim = await simuladorDe(e);
    const cobradoAntes = sim.registro().cobrado;
    const [a, b] = await Promise.all([
      recargar(id),
      pedir('admin', 'POST', '/api/portOuts/transactions', { id }, { 'idempotency-key': 'otra-clave' }),
    ]);
    const oks = [a, b].filter((r) => r.status === 200);
    expect(oks.length).toBeGreaterThanOrEqual(1);
    for (const r of oks) expect(r.cuerpo.mensaje).toBe(M.portaRecargaExitosa);
    const filas = await e.db
      .selectFrom('recargas')
      .selectAll()
      .where('idempotencia', 'like', `p:${id}:%`)
      .execute();
    expect(filas).toHaveLength(1);
    expect(filas[0]).toMatchObject({
      dn: `56${icc.slice(-8)}`,
      compania: 'A',
      monto: 100,
      estado: 'exitosa',
    });
    expect(sim.registro().recibidos[String(filas[0]?.id)]).toBe(1);
    expect(sim.registro().cobrado - cobradoAntes).toBe(100);
    const f = await fila(id);
    expect(f.rechargeDate).not.toBeNull();
    expect(
      (oks[0]?.cuerpo as unknown as RespuestaRecargaPorta | undefined)?.portOut.rechargeDate,
    ).not.toBeNull();
  });

  it('once recharged there is no recharge left', async () => {
    expect(await recargar(id)).toMatchObject({ status: 409, cuerpo: { mensaje: M.portaYaRecargada } });
    expect(await externa(id, 'F2')).toMatchObject({ status: 409, cuerpo: { mensaje: M.portaYaRecargada } });
    expect(await actualizar({ id, rechargeAmount: 50 })).toMatchObject({
      status: 409,
      cuerpo: { mensaje: M.portaNoEditable },
    });
    expect((await actualizar({ id, clientName: 'Cliente Demo' })).status).toBe(200);
  });
});

describe('recharge failures and the external recharge', () => {
  it('requires destinationDn, rechargeAmount and destinationCarrier', async () => {
    const id = await nueva('8952140000000005678', {
      dn_destino: '5600005678',
      fecha_porta: new Date(),
      is_port: true,
    });
    expect(await recargar(id)).toMatchObject({ status: 400, cuerpo: { mensaje: M.recargaFaltanDatos } });
  });

  it('a declined recharge leaves the row to recharge, a retry is a new top-up; external with folio is type 3', async () => {
    const id = await nueva('8952140000000009999', {
      dn_destino: '5600009999',
      fecha_porta: new Date(),
      is_port: true,
      monto_recarga: 50,
      carrier_destino: 'T',
    });
    const sim = await simuladorDe(e);
    sim.configurar({ tasaRechazo: 1 });
    const r = await recargar(id);
    sim.configurar(SIN_FALLAS);
    expect(r.status).toBe(422);
    expect(r.cuerpo.mensaje).toBe('Número no válido para recarga');
    const f = await fila(id);
    expect(f.rechargeDate).toBeNull();
    const x = await externa(id, 'FOLIO123');
    expect(x.status).toBe(200);
    expect(x.cuerpo.mensaje).toBe(M.portaRecargaExternaExitosa);
    const filas = await e.db
      .selectFrom('recargas')
      .select(['idempotencia', 'estado', 'tipo_recarga', 'folio_externo'])
      .where('idempotencia', 'like', `p:${id}:%`)
      .orderBy('id')
      .execute();
    expect(filas).toEqual([
      { idempotencia: `p:${id}:0`, estado: 'fallida', tipo_recarga: 1, folio_externo: null },
      { idempotencia: `p:${id}:1`, estado: 'exitosa', tipo_recarga: 3, folio_externo: 'FOLIO123' },
    ]);
    expect((await fila(id)).rechargeDate).not.toBeNull();
  });

  it('another company’s row is not found, and bad ids are refused with a message', async () => {
    const id = (await lista()).cuerpo.portOuts[0]?.id as number;
    expect((await pedir('gmcel', 'POST', '/api/portOuts/activacion', { id, accion: 'activar' })).status).toBe(
      404,
    );
    expect((await pedir('gmcel', 'POST', '/api/portOuts/transactions', { id })).status).toBe(404);
    expect((await pedir('gmcel', 'PATCH', '/api/portOuts', { id, nip: '1234' })).status).toBe(404);
    for (const cuerpo of [{}, { id: 'x' }, { id: -1 }, { id: 1e30 }]) {
      const r = await pedir('admin', 'POST', '/api/portOuts/transactions', cuerpo);
      expect(r.status).toBe(400);
      expect(typeof r.cuerpo.mensaje).toBe('string');
    }
  });
});

describe('POST api/portOuts/inventoryDays', () => {
  const inv = async (quien: string, cuerpo: object) => {
    const r = await pedir(quien, 'POST', '/api/portOuts/inventoryDays', cuerpo);
    return { status: r.status, cuerpo: r.cuerpo as unknown as RespuestaInventario & { mensaje?: string } };
  };
  const partes = (dia: string, lado: 'initial' | 'final') => {
    const [a, m, d] = dia.split('-').map(Number);
    return { [`${lado}Day`]: d, [`${lado}Month`]: m, [`${lado}Year`]: a };
  };
  const rango = { ...partes('2020-01-01', 'initial'), ...partes(hoyEn(ZONA), 'final') };

  it('lists leaders with their counts; every line is counted once', async () => {
    const r = await inv('admin', rango);
    expect(r.status).toBe(200);
    expect(r.cuerpo.isLider).toBe(true);
    expect(r.cuerpo.leaderName).toBeNull();
    const lideres = new Set(r.cuerpo.inventario.map((f) => f.lider));
    expect(lideres).toEqual(new Set(['Lider Demo', M.lineaSinLider]));
    const suma = r.cuerpo.inventario.reduce((t, f) => t + Number(f.entregados), 0);
    const lineas = await sql<{
      n: string;
    }>`select count(*)::text as n from lineas where empresa_id = ${await empresaId('demo')}`.execute(e.db);
    expect(suma).toBe(Number(lineas.rows[0]?.n));
    for (const f of r.cuerpo.inventario) {
      expect(f.tipo).toBe(M.colLider);
      expect(Number(f.total)).toBe(Number(f.entregados) - Number(f.recargados) - Number(f.portabilidades));
    }
    expect(r.cuerpo.inventario.map((f) => f.numero)).toEqual(r.cuerpo.inventario.map((_, i) => i + 1));
  });

  it('drills into a leader’s clients; monto and chips narrow it', async () => {
    const r = await inv('admin', { ...rango, leaderName: 'Lider Demo' });
    expect(r.status).toBe(200);
    expect(r.cuerpo.isLider).toBe(false);
    expect(r.cuerpo.leaderName).toBe('Lider Demo');
    expect(new Set(r.cuerpo.inventario.map((f) => f.cliente))).toEqual(
      new Set(['Cliente Demo', M.lineaSinCliente]),
    );
    expect(r.cuerpo.inventario.every((f) => f.tipo === M.colCliente && f.lider === 'Lider Demo')).toBe(true);
    const total = r.cuerpo.inventario.reduce((t, f) => t + Number(f.entregados), 0);
    const conMonto = await inv('admin', { ...rango, leaderName: 'Lider Demo', monto: 50 });
    const suma50 = conMonto.cuerpo.inventario.reduce((t, f) => t + Number(f.entregados), 0);
    expect(suma50).toBeGreaterThan(0);
    expect(suma50).toBeLessThan(total);
    const telcel = await inv('admin', {
      ...rango,
      leaderName: 'Lider Demo',
      filtros: { compania: ['telcel'] },
    });
    expect(telcel.cuerpo.inventario.length).toBeGreaterThan(0);
    expect(telcel.cuerpo.inventario.every((f) => f.compania === 'Telcel')).toBe(true);
  });

  it('holds a leader (level 2) to its own leader, whatever it sends; clients cannot ask', async () => {
    const r = await inv('lider', { ...rango, leaderName: 'Otro' });
    expect(r.status).toBe(200);
    expect(r.cuerpo.leaderName).toBe('Lider Demo');
    expect(r.cuerpo.isLider).toBe(false);
    const propio = await inv('admin', { ...rango, leaderName: 'Lider Demo' });
    expect(r.cuerpo.inventario).toEqual(propio.cuerpo.inventario);
    expect((await inv('cliente', rango)).status).toBe(403);
  });

  it('requires a consistent range', async () => {
    const soloInicial = await inv('admin', partes('2026-01-01', 'initial'));
    expect(soloInicial).toMatchObject({ status: 400, cuerpo: { mensaje: M.inventarioRangoIncompleto } });
    const soloFinal = await inv('admin', partes('2026-01-01', 'final'));
    expect(soloFinal.cuerpo.mensaje).toBe(M.inventarioRangoIncompleto);
    const incompleta = await inv('admin', {
      initialDay: 1,
      initialMonth: 1,
      ...partes('2026-01-01', 'final'),
    });
    expect(incompleta.cuerpo.mensaje).toBe(M.inventarioRangoIncompleto);
    const alReves = await inv('admin', {
      ...partes('2026-02-01', 'initial'),
      ...partes('2026-01-01', 'final'),
    });
    expect(alReves).toMatchObject({ status: 400, cuerpo: { mensaje: M.rangoFechasInvalido } });
    const imposible = await inv('admin', {
      ...partes('2026-02-01', 'initial'),
      finalDay: 30,
      finalMonth: 2,
      finalYear: 2026,
    });
    expect(imposible.status).toBe(400);
    const porDefecto = await inv('admin', {});
    expect(porDefecto.cuerpo.fechaInicial).toBe(rangoPorDefecto(ZONA).desde);
    expect((await inv('admin', { leaderName: 'Nadie' })).cuerpo.mensaje).toBe(M.inventarioLiderNoExiste);
    expect((await inv('gmcel', { leaderName: 'Lider Demo' })).status).toBe(404);
  });
});

describe('Excel PORTAS and InventoryDays', () => {
  it('exports the port-outs of the range and the inventory, to those who may see them', async () => {
    const portas = await pedir('admin', 'POST', '/excel', { tipo: 'PORTAS', fechas: {} });
    expect(portas.status).toBe(200);
    expect(portas.cuerpo.filas).toBeGreaterThanOrEqual(PORTAS_DEMO);
    const inv = await pedir('lider', 'POST', '/excel', { tipo: 'InventoryDays', fechas: {} });
    expect(inv.status).toBe(200);
    expect(inv.cuerpo.filas).toBeGreaterThan(0);
    expect((await pedir('lider', 'POST', '/excel', { tipo: 'PORTAS', fechas: {} })).status).toBe(403);
    expect((await pedir('cliente', 'POST', '/excel', { tipo: 'InventoryDays', fechas: {} })).status).toBe(
      403,
    );
    expect((await pedir('gmcel', 'POST', '/excel', { tipo: 'PORTAS', fechas: {} })).cuerpo.filas).toBe(0);
  });

  it('PORTAS keeps the chips of the screen: the file has the rows the list counts', async () => {
    const filtros = { portDate: ['2'] };
    const lista = await pedir(
      'admin',
      'GET',
      `/api/portOuts?filtros=${encodeURIComponent(JSON.stringify(filtros))}`,
    );
    const total = (lista.cuerpo as { total: number }).total;
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(PORTAS_DEMO);
    const r = await pedir('admin', 'POST', '/excel', { tipo: 'PORTAS', fechas: {}, filtros });
    expect(r.cuerpo.filas).toBe(total);
    const malo = await pedir('admin', 'POST', '/excel', {
      tipo: 'PORTAS',
      fechas: {},
      filtros: { nada: ['x'] },
    });
    expect(malo.status).toBe(400);
  });
});
