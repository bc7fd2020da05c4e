import { CODIGOS_CARRIER, etiquetaCarrier } from '@recargas/contracts/carriers';
import { ESTADOS_RECARGA, etiquetaEstado } from '@recargas/contracts/recargas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, entrar, leerXlsx } from './entorno.ts';
import { pedir, recargar } from './peticion.ts';

/**
 * Issue 18: every Excel file prints carriers and statuses by their contracts labels (Telcel,
 * AT&T, Exitosa), as the screens show them, never the codes (T, A, exitosa) nor 'T Telcel'.
 */
type Sesion = Awaited<ReturnType<typeof entrar>>;
let e: Entorno;
let admin: Sesion;

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, 'admin');
});
afterAll(() => e.cerrar());

const NOMBRES = new Set(CODIGOS_CARRIER.map(etiquetaCarrier));
const ESTADOS = new Set(ESTADOS_RECARGA.map(etiquetaEstado));

/** The rows of an export as objects by title. */
async function exportar(cuerpo: object) {
  const r = await pedir(e.app, admin, 'POST', '/excel', cuerpo);
  expect(r.statusCode, r.body).toBe(200);
  const d = await pedir(
    e.app,
    null,
    'GET',
    `/excel/descargar?nombre=${encodeURIComponent(r.json().nombreArchivo)}`,
  );
  const [titulos, ...filas] = await leerXlsx(d.rawPayload);
  return filas.map((f) => Object.fromEntries((titulos as string[]).map((t, i) => [t, f[i]])));
}

describe('Excel files print labels, not codes', () => {
  it('VENTAS: Compañia and Estatus by name (an AT&T top-up reads AT&T, Exitosa)', async () => {
    const r = await recargar(
      e.app,
      admin,
      { dn: '5587654321', compania: 'A', monto: 30 },
      'excel-etiquetas-1',
    );
    expect(r.statusCode).toBe(200);
    const filas = await exportar({ tipo: 'VENTAS' });
    expect(filas.length).toBeGreaterThan(0);
    for (const f of filas) {
      expect(NOMBRES, JSON.stringify(f)).toContain(f.Compañia);
      expect(ESTADOS, JSON.stringify(f)).toContain(f.Estatus);
    }
    expect(filas.find((f) => f['DN/ICC'] === '5587654321')).toMatchObject({
      Compañia: 'AT&T',
      Estatus: 'Exitosa',
    });
  });

  it("ADMINISTRAR (line inventory): Compañia is 'Telcel', as on the screen, not 'T Telcel'", async () => {
    const filas = await exportar({ tipo: 'ADMINISTRAR', fechas: { fechaInicial: '2000/01/01' } });
    expect(filas.length).toBeGreaterThan(50);
    const companias = new Set(filas.map((f) => f.Compañia));
    expect(companias.size).toBeGreaterThan(1);
    for (const c of companias) expect(NOMBRES).toContain(c);
  });
});
