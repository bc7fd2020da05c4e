import { M, texto } from '@recargas/contracts/mensajes';
import { describe, expect, it } from 'vitest';
import { sumarDias } from '../src/lib/fechas.ts';
import { entrar, simuladorDe } from './entorno.ts';
import { pedir } from './peticion.ts';
import { admin, ajustar, demo, e, liderId, prepararReciclaje, tgmex } from './reciclaje-entorno.ts';
import { hoy, linea, lineaDb } from './reciclaje-prueba.ts';

/** Reciclar Lineas (the panel of the top-up screen) and Estatus ICC ATT. */
prepararReciclaje();

describe('Reciclar Lineas (panel of the top-up screen)', () => {
  it('recycles a number of the inventory whether or not it is pending', async () => {
    const l = await linea(tgmex, { fecha_vigencia: sumarDias(hoy, 60), lider_id: liderId });
    const r = await pedir(e.app, admin, 'POST', `/api/dnReciclar/${l.dn}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ mensaje: M.dnReciclado, lineas: 1 });
    expect(await lineaDb(l.id)).toMatchObject({ lider_id: null, fecha_vigencia: null });
    const nada = await pedir(e.app, admin, 'POST', '/api/dnReciclar/3399999999');
    expect(nada.statusCode).toBe(404);
    expect(nada.json().mensaje).toBe(texto('dnNoEnInventario', { dn: '3399999999' }));
  });

  it('is refused where the company has recycling off', async () => {
    const l = await linea(tgmex);
    await ajustar(tgmex, { reciclaje: false });
    try {
      const r = await pedir(e.app, admin, 'POST', `/api/dnReciclar/${l.dn}`);
      expect(r.statusCode).toBe(403);
      expect(r.json().mensaje).toBe(M.funcionDeshabilitada);
      expect(await lineaDb(l.id)).toEqual(l);
    } finally {
      await ajustar(tgmex, { reciclaje: true });
    }
  });

  it('levels 2 and 3 are refused', async () => {
    for (const usuario of ['lider', 'cliente']) {
      const s = await entrar(e.app, usuario);
      for (const [metodo, url] of [
        ['POST', '/api/dnReciclar/5520003571'],
        ['GET', '/api/recicladas/pendientesPorReciclar'],
        ['POST', '/api/recicladas/pendientesPorReciclar'],
        ['GET', '/statusActivacion/8952140100000007919'],
      ] as const) {
        expect((await pedir(e.app, s, metodo, url)).statusCode).toBe(403);
      }
    }
  });
});

describe('Estatus ICC ATT', () => {
  it("answers ATT's record of an active ICC of the inventory", async () => {
    const l = await linea(tgmex, { icc: '8952777000000000124' });
    const r = await pedir(e.app, admin, 'GET', `/statusActivacion/${l.icc}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      ResponseCode: '0',
      dnPermanente: '5600000124',
      fechaCreacion: expect.stringMatching(/^2026-\d{2}-\d{2}$/),
      organizacion: 'ATT Mexico',
      subinventario: 'SUB-0124',
      marca: 'AT&T',
      kit: 'KIT-000124',
    });
  });

  it('an ICC not active yet becomes active once ATT activates it', async () => {
    const l = await linea(tgmex, { icc: '8952777000000000131' });
    const antes = await pedir(e.app, admin, 'GET', `/statusActivacion/${l.icc}`);
    expect(antes.statusCode).toBe(404);
    expect(antes.json().mensaje).toBe(M.estatusActivacionError);
    const sim = await simuladorDe(e, 'tgmex', 1);
    expect(sim.activar(l.icc)).toEqual({ estado: 'aceptada', dn: '5600000131' });
    const despues = await pedir(e.app, admin, 'GET', `/statusActivacion/${l.icc}`);
    expect(despues.json().dnPermanente).toBe('5600000131');
  });

  it("another company's ICC, or one nobody has, gets the same failure text", async () => {
    const ajena = await linea(demo, { icc: '8952777000000000142' });
    for (const icc of [ajena.icc, '8952777000000000998']) {
      const r = await pedir(e.app, admin, 'GET', `/statusActivacion/${icc}`);
      expect(r.statusCode).toBe(404);
      expect(r.json().mensaje).toBe(M.estatusActivacionError);
    }
  });

  it("ATT's server failing is a 502 with the failure text, not a 500", async () => {
    const l = await linea(tgmex, { icc: '8952777000000000156' });
    const sim = await simuladorDe(e, 'tgmex', 1);
    sim.configurar({ tasa5xx: 1 });
    try {
      const r = await pedir(e.app, admin, 'GET', `/statusActivacion/${l.icc}`);
      expect(r.statusCode).toBe(502);
      expect(r.json().mensaje).toBe(M.estatusActivacionError);
    } finally {
      sim.configurar({ tasa5xx: 0 });
    }
  });

  it('is refused where the company has activations off', async () => {
    const l = await linea(tgmex, { icc: '8952777000000000168' });
    await ajustar(tgmex, { activaciones: false });
    try {
      const r = await pedir(e.app, admin, 'GET', `/statusActivacion/${l.icc}`);
      expect(r.statusCode).toBe(403);
      expect(r.json().mensaje).toBe(M.funcionDeshabilitada);
    } finally {
      await ajustar(tgmex, { activaciones: true });
    }
  });
});
