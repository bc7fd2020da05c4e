import { M } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIN_FALLAS } from '../src/providers/simulador.ts';
import { crearEntorno, type Entorno, entrar, simuladorDe, sinTopeCliente } from './entorno.ts';
import { pedir } from './peticion.ts';
import { recargaYPlataforma } from './recargas-prueba.ts';

/**
 * Failover between platforms (issue 22) on the in-process simulators: the second platform of a
 * carrier and its validation, a top-up moved only when the first platform certainly did not
 * take it, the breaker's states on the balances endpoint and one notification per open/close.
 */
let e: Entorno;
type Sesion = Awaited<ReturnType<typeof entrar>>;
let admin: Sesion;
let cliente: Sesion;
let pagaquiId: number;
let recargatodoId: number;
const PROBAR_TRAS_MS = 300;
beforeAll(async () => {
  e = await crearEntorno({ corte: { minimoLlamadas: 3, probarTrasMs: PROBAR_TRAS_MS } });
  await sinTopeCliente(e.db);
  admin = await entrar(e.app, 'admin');
  cliente = await entrar(e.app, 'cliente');
  const { plataformas } = (await pedir(e.app, admin, 'GET', '/plataformasEmpresa')).json();
  pagaquiId = plataformas.find((p: { usuario: string }) => p.usuario === 'pagaqui_centro').id;
  recargatodoId = plataformas.find((p: { usuario: string }) => p.usuario === 'telcel_norte').id;
});
afterAll(() => e.cerrar());
beforeEach(async () => {
  (await simuladorDe(e, 'demo', 1)).configurar(SIN_FALLAS);
  (await simuladorDe(e, 'demo', 2)).configurar(SIN_FALLAS);
});

const elegir = (cuerpo: Record<string, unknown>) =>
  pedir(e.app, admin, 'POST', '/cambiarPlataformasEmpresa', cuerpo);
const carrier = async (c: string) =>
  (await pedir(e.app, admin, 'GET', '/plataformaCarrier'))
    .json()
    .carriers.find((x: { carrier: string }) => x.carrier === c);
let n = 0;
const recargar = (compania: string) =>
  pedir(
    e.app,
    cliente,
    'POST',
    '/checkOut',
    { dn: `5541${String(++n).padStart(6, '0')}`, compania },
    { clave: `resp-${n}` },
  );
const fila = (id: number) => recargaYPlataforma(e.db, id);
const estados = async () =>
  (await pedir(e.app, admin, 'GET', '/saldosData')).json().data.estados as {
    plataforma: number;
    estado: string;
    cambiado: string | null;
  }[];

describe('carriers: second platform of a carrier (POST /cambiarPlataformasEmpresa respaldoId)', () => {
  it('saves a Pagaqui user as second platform of Telcel, shows it, and clears it with null', async () => {
    expect(
      (await elegir({ carrier: 'A', empresaPlataformaId: null, respaldoId: pagaquiId })).statusCode,
    ).toBe(200);
    expect(await carrier('A')).toMatchObject({
      empresaPlataformaId: null,
      respaldoId: pagaquiId,
      respaldoUsuario: 'pagaqui_centro',
      respaldoPlataforma: 'Pagaqui',
    });
    // Changing only the first keeps the second.
    expect((await elegir({ carrier: 'A', empresaPlataformaId: recargatodoId })).statusCode).toBe(200);
    expect(await carrier('A')).toMatchObject({ empresaPlataformaId: recargatodoId, respaldoId: pagaquiId });
    expect((await elegir({ carrier: 'A', empresaPlataformaId: null, respaldoId: null })).statusCode).toBe(
      200,
    );
    expect(await carrier('A')).toMatchObject({ respaldoId: null, respaldoUsuario: null });
  });

  it('refuses the same platform twice, another company’s user and an unknown one, writing nothing', async () => {
    // The default first platform is platform 1: a platform-1 user cannot be its second.
    const igual = await elegir({ carrier: 'M', empresaPlataformaId: null, respaldoId: recargatodoId });
    expect(igual.statusCode).toBe(400);
    expect(igual.json().mensaje).toBe(M.respaldoIgualPrincipal);
    await elegir({ carrier: 'M', empresaPlataformaId: null, respaldoId: pagaquiId });
    // Moving the first onto the second's platform is refused too, and changes nothing.
    const cruzada = await elegir({ carrier: 'M', empresaPlataformaId: pagaquiId });
    expect(cruzada.statusCode).toBe(400);
    expect(cruzada.json().mensaje).toBe(M.respaldoIgualPrincipal);
    expect(await carrier('M')).toMatchObject({ empresaPlataformaId: null, respaldoId: pagaquiId });

    const otro = await entrar(e.app, 'admin', 'gmcel');
    const ajeno = (
      await pedir(e.app, otro, 'POST', '/plataformasEmpresa', { username: 'gm-resp', plataforma: 2 })
    ).json();
    expect((await elegir({ carrier: 'M', empresaPlataformaId: null, respaldoId: ajeno.id })).statusCode).toBe(
      404,
    );
    expect((await elegir({ carrier: 'M', empresaPlataformaId: null, respaldoId: 999_999 })).statusCode).toBe(
      404,
    );
    const texto = await elegir({ carrier: 'M', empresaPlataformaId: null, respaldoId: 'x' });
    expect(texto.statusCode).toBe(400);
    expect(texto.json().mensaje).toBe(M.respaldoInvalido);
    expect(await carrier('M')).toMatchObject({ respaldoId: pagaquiId });
    await elegir({ carrier: 'M', empresaPlataformaId: null, respaldoId: null });
  });
});

describe('carriers: failover, breaker states on /saldosData, one notification per open and close', () => {
  it('platform 1 down: top-ups go to platform 2; the breaker opens, is shown, probes and closes', async () => {
    await elegir({ carrier: 'T', empresaPlataformaId: null, respaldoId: pagaquiId });
    const p1 = await simuladorDe(e, 'demo', 1);
    const p2 = await simuladorDe(e, 'demo', 2);
    expect((await estados()).map((x) => [x.plataforma, x.estado, x.cambiado])).toEqual([
      [1, 'disponible', null],
      [2, 'disponible', null],
    ]);

    p1.configurar({ sinConexion: true });
    const caidas = [];
    for (let i = 0; i < 6; i++) caidas.push((await recargar('T')).json());
    for (const r of caidas) {
      expect(r.estado).toBe('exitosa');
      expect(await fila(r.id)).toMatchObject({ numero: 2, plataforma_usuario_id: pagaquiId });
      expect(p2.envio(String(r.id))?.usuario).toBe('pagaqui_centro');
      expect(p1.envio(String(r.id))).toBeUndefined();
    }
    await esperar(async () => (await estados())[0]?.estado === 'abierto');
    const abierto = (await estados())[0];
    expect(abierto?.cambiado).not.toBeNull();

    // Back up: after PROBAR_TRAS_MS one top-up probes platform 1 and closes the breaker.
    p1.configurar({ sinConexion: false });
    await new Promise((ok) => setTimeout(ok, PROBAR_TRAS_MS + 50));
    const vuelta = (await recargar('T')).json();
    expect(await fila(vuelta.id)).toMatchObject({
      estado: 'exitosa',
      numero: 1,
      plataforma_usuario_id: null,
    });
    await esperar(async () => (await estados())[0]?.estado !== 'abierto');
    expect((await estados())[0]?.estado).toBe('con-fallas');

    // One notification per change for each administrator: one open, one close.
    const leer = () =>
      e.db
        .selectFrom('notificaciones')
        .select(['clave', 'titulo'])
        .where('clave', 'like', 'corte:%')
        .execute();
    // The close is notified after its state is stored.
    await esperar(async () => new Set((await leer()).map((a) => a.clave)).size >= 2);
    await new Promise((ok) => setTimeout(ok, 100));
    const avisos = await leer();
    expect(new Set(avisos.map((a) => a.clave)).size).toBe(2);
    expect(avisos.filter((a) => a.titulo === M.asuntoPlataformaFuera).length).toBeGreaterThan(0);
    expect(new Set(avisos.filter((a) => a.titulo === M.asuntoPlataformaFuera).map((a) => a.clave)).size).toBe(
      1,
    );
    expect(
      new Set(avisos.filter((a) => a.titulo === M.asuntoPlataformaDeVuelta).map((a) => a.clave)).size,
    ).toBe(1);
    // Another company's balances do not show demo's breaker.
    const otro = await entrar(e.app, 'admin', 'gmcel');
    const ajenos = (await pedir(e.app, otro, 'GET', '/saldosData')).json().data.estados;
    expect(ajenos.every((x: { estado: string }) => x.estado === 'disponible')).toBe(true);
  });

  it('an unknown outcome (timeout) stays pending on its platform, never moved; no second platform: fails unsent', async () => {
    await elegir({ carrier: 'V', empresaPlataformaId: null, respaldoId: pagaquiId });
    const p1 = await simuladorDe(e, 'demo', 1);
    const p2 = await simuladorDe(e, 'demo', 2);
    p1.configurar({ tasaTimeout: 1 });
    const r = (await recargar('V')).json();
    expect(await fila(r.id)).toMatchObject({ estado: 'pendiente', numero: 1 });
    expect(p1.registro().recibidos[String(r.id)]).toBe(1);
    expect(p2.envio(String(r.id))).toBeUndefined();

    // Bait has no second platform: refused before a connection opened, it fails at once, unsent.
    p1.configurar({ tasaTimeout: 0, sinConexion: true });
    const b = (await recargar('B')).json();
    expect(b).toMatchObject({ estado: 'fallida' });
    expect(await fila(b.id)).toMatchObject({ estado: 'fallida', numero: 1 });
    expect(p1.envio(String(b.id))).toBeUndefined();
    expect(p2.envio(String(b.id))).toBeUndefined();
  });
});

async function esperar(cond: () => Promise<boolean>, ms = 3000) {
  const limite = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > limite) throw new Error('no llegó a tiempo');
    await new Promise((ok) => setTimeout(ok, 20));
  }
}
