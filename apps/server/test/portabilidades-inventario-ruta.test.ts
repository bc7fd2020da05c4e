import { M } from '@recargas/contracts/mensajes';
import type { RespuestaInventario, RespuestaInventarioRuta } from '@recargas/contracts/portabilidades';
import { describe, expect, it } from 'vitest';
import { hoyEn } from '../src/lib/fechas.ts';
import { como, e, prepararPortas, ZONA } from './portabilidades-prueba.ts';

/** POST api/portOuts/inventoryDaysRoute: the breadcrumb's steps, with inventoryDays' filters. */
prepararPortas();

const partes = (dia: string, lado: 'initial' | 'final') => {
  const [a, m, d] = dia.split('-').map(Number);
  return { [`${lado}Day`]: d, [`${lado}Month`]: m, [`${lado}Year`]: a };
};
const rango = { ...partes('2020-01-01', 'initial'), ...partes(hoyEn(ZONA), 'final') };
const ruta = async (quien: string, cuerpo: object) => {
  const r = await como(quien, 'POST', '/api/portOuts/inventoryDaysRoute', cuerpo);
  return { status: r.status, cuerpo: r.cuerpo as unknown as RespuestaInventarioRuta & { mensaje?: string } };
};
const filas = async (quien: string, cuerpo: object) =>
  (
    (await como(quien, 'POST', '/api/portOuts/inventoryDays', cuerpo))
      .cuerpo as unknown as RespuestaInventario
  ).inventario;
type Fila = RespuestaInventario['inventario'][number];
const suma = (fs: Fila[], k: 'entregados' | 'recargados' | 'portabilidades' | 'total') =>
  String(fs.reduce((n, f) => n + Number(f[k]), 0));

describe('POST api/portOuts/inventoryDaysRoute', () => {
  it('leader mode: one step, the company (Todos), summing the leaders inventoryDays lists', async () => {
    const r = await ruta('admin', rango);
    expect(r.status).toBe(200);
    const lideres = await filas('admin', rango);
    expect(r.cuerpo.ruta).toHaveLength(1);
    expect(r.cuerpo.ruta[0]).toMatchObject({
      tipo: 'empresa',
      nombre: M.todos,
      entregados: suma(lideres, 'entregados'),
      recargados: suma(lideres, 'recargados'),
      portabilidades: suma(lideres, 'portabilidades'),
      total: suma(lideres, 'total'),
    });
    expect(Number(r.cuerpo.ruta[0]?.entregados)).toBeGreaterThan(0);
    expect(r.cuerpo.fechaInicial).toBe('2020-01-01');
  });

  it('a leader opened: company then leader, each with its days; monto and chips narrow both', async () => {
    const cuerpo = { ...rango, leaderName: 'Lider Demo' };
    const r = await ruta('admin', cuerpo);
    expect(r.cuerpo.ruta.map((p) => [p.tipo, p.nombre])).toEqual([
      ['empresa', M.todos],
      ['lider', 'Lider Demo'],
    ]);
    const clientes = await filas('admin', cuerpo);
    const lider = r.cuerpo.ruta[1];
    expect(lider?.entregados).toBe(suma(clientes, 'entregados'));
    expect(lider?.total).toBe(suma(clientes, 'total'));
    const movidos = Number(lider?.recargados) + Number(lider?.portabilidades);
    const dias = Math.round((Date.parse(hoyEn(ZONA)) - Date.parse('2020-01-01')) / 86_400_000) + 1;
    expect(lider?.inventoryDays).toBe(
      movidos === 0 ? M.na : String(Math.ceil((Number(lider?.total) * dias) / movidos)),
    );
    expect(Number(lider?.entregados)).toBeLessThanOrEqual(Number(r.cuerpo.ruta[0]?.entregados));

    const con50 = await ruta('admin', { ...cuerpo, monto: 50 });
    expect(con50.cuerpo.ruta[1]?.entregados).toBe(
      suma(await filas('admin', { ...cuerpo, monto: 50 }), 'entregados'),
    );
    expect(Number(con50.cuerpo.ruta[1]?.entregados)).toBeLessThan(Number(lider?.entregados));
    const telcel = { ...cuerpo, filtros: { compania: ['telcel'] } };
    expect((await ruta('admin', telcel)).cuerpo.ruta[1]?.entregados).toBe(
      suma(await filas('admin', telcel), 'entregados'),
    );
  });

  it('a leader (level 2) gets its own leader only; a client cannot ask; another company sees none of demo', async () => {
    const r = await ruta('lider', { ...rango, leaderName: 'Otro' });
    expect(r.status).toBe(200);
    expect(r.cuerpo.ruta.map((p) => [p.tipo, p.nombre])).toEqual([['lider', 'Lider Demo']]);
    const admin = await ruta('admin', { ...rango, leaderName: 'Lider Demo' });
    expect(r.cuerpo.ruta[0]).toEqual(admin.cuerpo.ruta[1]);
    expect((await ruta('cliente', rango)).status).toBe(403);
    expect((await ruta('gmcel', { ...rango, leaderName: 'Lider Demo' })).status).toBe(404);
    const gmcel = await ruta('gmcel', rango);
    expect(gmcel.cuerpo.ruta[0]?.entregados).toBe('0');
    expect(gmcel.cuerpo.ruta[0]?.inventoryDays).toBe(M.na);
  });

  it('the same range rules as inventoryDays, and its OpenAPI entry is described', async () => {
    expect((await ruta('admin', partes('2026-01-01', 'initial'))).cuerpo.mensaje).toBe(
      M.inventarioRangoIncompleto,
    );
    expect((await ruta('admin', { leaderName: 'Nadie' })).cuerpo.mensaje).toBe(M.inventarioLiderNoExiste);
    const doc = e.app.swagger() as {
      paths: Record<string, { post?: { description?: string; summary?: string } }>;
    };
    const op = doc.paths['/api/portOuts/inventoryDaysRoute']?.post;
    expect(op?.summary).toMatch(/ruta/);
    expect(op?.description).toMatch(/inventoryDays/);
  });
});
