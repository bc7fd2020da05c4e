import { empresaPublica, TEMA_POR_DEFECTO } from '@recargas/contracts/empresas';
import { M } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPRESAS } from '../src/db/seed/empresas.ts';
import { crearEntorno, type Entorno } from './entorno.ts';
import { pedir } from './peticion.ts';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

const tema = (nombre: string, host = 'localhost') =>
  pedir(e.app, null, 'GET', `/getEmpresa/${nombre}`, undefined, { cabeceras: { host } });

describe('GET /getEmpresa/{name}', () => {
  it.each(EMPRESAS.map((x) => [x.codigo, x.colores] as const))(
    '%s has its own theme',
    async (codigo, colores) => {
      const r = await tema(codigo);
      expect(r.statusCode).toBe(200);
      const body = empresaPublica.parse(r.json());
      expect(body.empresa).toBe(codigo);
      expect([body.primaryColor, body.darkenColor, body.accentColor]).toEqual(colores);
      expect(body.backgroundColor).toBe(TEMA_POR_DEFECTO.backgroundColor);
      expect(body.fontColor).toBe(TEMA_POR_DEFECTO.fontColor);
      expect(body.izquierdoLogin).toBe(TEMA_POR_DEFECTO.izquierdoLogin);
      expect(body.hideNav).toBe(TEMA_POR_DEFECTO.hideNav);
    },
  );

  it('the nine themes are distinct', async () => {
    const colores = await Promise.all(EMPRESAS.map(async (x) => (await tema(x.codigo)).json().primaryColor));
    expect(new Set(colores).size).toBe(EMPRESAS.length);
  });

  it('company settings travel as data: discovery has its who-we-are text', async () => {
    expect((await tema('discovery')).json().quienesSomos.vision).toMatch(/México/);
    expect((await tema('gmcel')).json().quienesSomos).toBeNull();
  });

  it('the literal login guesses the company from the host, longest fragment first', async () => {
    expect((await tema('login', 'portal.gmcel.com.mx')).json().empresa).toBe('gmcel');
    expect((await tema('login', 'recargas.tonodigital.mx:8443')).json().empresa).toBe('tonodigital');
    expect((await tema('login', 'localhost:3000')).json().empresa).toBe('demo');
  });

  it('an unknown company or host: 404 with the message', async () => {
    for (const r of [await tema('nadie'), await tema('login', 'ejemplo.org')]) {
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ mensaje: M.empresaDesconocida });
    }
  });

  it('is public and needs no token', async () => {
    // No token, no cookie, no XSRF header: the theme still comes, and no session is started.
    const r = await tema('demo');
    expect(r.statusCode).toBe(200);
    expect(empresaPublica.parse(r.json()).empresa).toBe('demo');
    expect(r.headers['set-cookie']).toBeUndefined();
    // The same request to an API route is refused: the theme is public on purpose.
    expect(
      (await pedir(e.app, null, 'GET', '/api/usuarios', undefined, { cabeceras: { host: 'localhost' } }))
        .statusCode,
    ).toBe(401);
  });
});
