import { M } from '@recargas/contracts/mensajes';
import { describe, expect, it } from 'vitest';
import { PORTAS_DEMO } from '../src/db/seed/portabilidades.ts';
import { hoyEn } from '../src/lib/fechas.ts';
import { rangoPorDefecto } from '../src/modules/portabilidades/service.ts';
import { como, lista, prepararPortas, ZONA } from './portabilidades-prueba.ts';

/** GET api/portOuts (range, paging, chips, who sees it) and the Excel file of port-outs. */
prepararPortas();

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

describe('Excel PORTAS and InventoryDays', () => {
  it('exports the port-outs of the range and the inventory, to those who may see them', async () => {
    const portas = await como('admin', 'POST', '/excel', { tipo: 'PORTAS', fechas: {} });
    expect(portas.status).toBe(200);
    expect(portas.cuerpo.filas).toBeGreaterThanOrEqual(PORTAS_DEMO);
    const inv = await como('lider', 'POST', '/excel', { tipo: 'InventoryDays', fechas: {} });
    expect(inv.status).toBe(200);
    expect(inv.cuerpo.filas).toBeGreaterThan(0);
    expect((await como('lider', 'POST', '/excel', { tipo: 'PORTAS', fechas: {} })).status).toBe(403);
    expect((await como('cliente', 'POST', '/excel', { tipo: 'InventoryDays', fechas: {} })).status).toBe(403);
    expect((await como('gmcel', 'POST', '/excel', { tipo: 'PORTAS', fechas: {} })).cuerpo.filas).toBe(0);
  });

  it('PORTAS keeps the chips of the screen: the file has the rows the list counts', async () => {
    const filtros = { portDate: ['2'] };
    const lista = await como(
      'admin',
      'GET',
      `/api/portOuts?filtros=${encodeURIComponent(JSON.stringify(filtros))}`,
    );
    const total = (lista.cuerpo as { total: number }).total;
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(PORTAS_DEMO);
    const r = await como('admin', 'POST', '/excel', { tipo: 'PORTAS', fechas: {}, filtros });
    expect(r.cuerpo.filas).toBe(total);
    const malo = await como('admin', 'POST', '/excel', {
      tipo: 'PORTAS',
      fechas: {},
      filtros: { nada: ['x'] },
    });
    expect(malo.status).toBe(400);
  });
});
