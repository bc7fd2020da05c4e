import { M, texto } from '@recargas/contracts/mensajes';
import type { DetallePorta, PortOut, RespuestaRecargaPorta } from '@recargas/contracts/portabilidades';
import { describe, expect, it } from 'vitest';
import { SIN_FALLAS } from '../src/providers/simulador.ts';
import { simuladorDe } from './entorno.ts';
import { como, e, fila, lista, nueva, prepararPortas } from './portabilidades-prueba.ts';

/** A port-out row from new to recharged (section 4), its refusals, and the external recharge. */
prepararPortas();

const accion = (id: number, accion: 'activar' | 'portar', quien = 'admin') =>
  como(quien, 'POST', '/api/portOuts/activacion', { id, accion, origin: 'web', icc: 'ignorado' });
const recargar = (id: number, quien = 'admin') => como(quien, 'POST', '/api/portOuts/transactions', { id });
const externa = (id: number, folio?: string) =>
  como('admin', 'POST', '/api/portOuts/foreignTransactions', {
    id,
    ...(folio !== undefined ? { folio } : {}),
    type: 3,
  });
const actualizar = (cambios: Record<string, unknown>) => como('admin', 'PATCH', '/api/portOuts', cambios);

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
    expect((await como('admin', 'GET', '/api/portOuts/5600001234')).status).toBe(404);
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
    const r = await como('admin', 'GET', `/api/portOuts/${dn}`);
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
    expect((await como('gmcel', 'GET', `/api/portOuts/${dn}`)).status).toBe(404);
    expect((await como('admin', 'GET', '/api/portOuts/12ab')).cuerpo.mensaje).toBe(M.portaDnInvalido);
  });

  it('the detail fails with its message when ATT does not answer', async () => {
    const sim = await simuladorDe(e);
    sim.configurar({ tasa5xx: 1 });
    const r = await como('admin', 'GET', `/api/portOuts/56${icc.slice(-8)}`);
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
      como('admin', 'POST', '/api/portOuts/transactions', { id }, { 'idempotency-key': 'otra-clave' }),
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
    expect((await como('gmcel', 'POST', '/api/portOuts/activacion', { id, accion: 'activar' })).status).toBe(
      404,
    );
    expect((await como('gmcel', 'POST', '/api/portOuts/transactions', { id })).status).toBe(404);
    expect((await como('gmcel', 'PATCH', '/api/portOuts', { id, nip: '1234' })).status).toBe(404);
    for (const cuerpo of [{}, { id: 'x' }, { id: -1 }, { id: 1e30 }]) {
      const r = await como('admin', 'POST', '/api/portOuts/transactions', cuerpo);
      expect(r.status).toBe(400);
      expect(typeof r.cuerpo.mensaje).toBe('string');
    }
  });
});
