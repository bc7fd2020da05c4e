import { M } from '@recargas/contracts/mensajes';
import type { RespuestaInventario } from '@recargas/contracts/portabilidades';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { hoyEn } from '../src/lib/fechas.ts';
import { rangoPorDefecto } from '../src/modules/portabilidades/service.ts';
import { como, e, empresaId, prepararPortas, ZONA } from './portabilidades-prueba.ts';

/** POST api/portOuts/inventoryDays: the lines delivered per leader and per client. */
prepararPortas();

describe('POST api/portOuts/inventoryDays', () => {
  const inv = async (quien: string, cuerpo: object) => {
    const r = await como(quien, 'POST', '/api/portOuts/inventoryDays', cuerpo);
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
