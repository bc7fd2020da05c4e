import { ajustesEmpresa } from '@recargas/contracts/empresas';
import { afterEach, describe, expect, it } from 'vitest';
import { borrarSesion, guardarSesion, puede } from '../src/lib/sesion.ts';
import { leerSesion } from '../src/lib/sesionConAjustes.ts';
import { sesion } from './sesiones.ts';

describe('puede: the server rule, read in the browser', () => {
  it('lets administrators open user admin, and leaders only with USUARIO_CLIENTE', () => {
    expect(puede(sesion({ nivel: 0 }), 'GET /api/usuarios')).toBe(true);
    expect(puede(sesion({ nivel: 1 }), 'GET /api/usuarios')).toBe(true);
    expect(puede(sesion({ nivel: 2 }), 'GET /api/usuarios')).toBe(false);
    expect(puede(sesion({ nivel: 2, permisos: ['USUARIO_CLIENTE'] }), 'GET /api/usuarios')).toBe(true);
    expect(puede(sesion({ nivel: 3, permisos: ['USUARIO_CLIENTE'] }), 'GET /api/usuarios')).toBe(false);
  });

  it('asks for every permission the endpoint names', () => {
    expect(puede(sesion({ nivel: 3 }), 'POST /checkOut')).toBe(true);
    expect(puede(sesion({ nivel: 3 }), 'POST /foreignCheckOut')).toBe(false);
    expect(puede(sesion({ nivel: 3, permisos: ['RECARGA_EXTERNA'] }), 'POST /foreignCheckOut')).toBe(true);
  });

  it('keeps a user with a route whitelist inside it', () => {
    const soloRecargas = sesion({ nivel: 1, rutas: ['recargas'] });
    expect(puede(soloRecargas, 'POST /checkOut')).toBe(true);
    expect(puede(soloRecargas, 'GET /api/usuarios')).toBe(false);
  });
});

describe('the stored session', () => {
  afterEach(() => localStorage.clear());

  it('reads back what the login stored, and nothing after logout', () => {
    guardarSesion({
      token: 'abc',
      nivel: 2,
      isMonto: true,
      username: 'lider1',
      MRD: 5,
      empresa: 'demo',
      id: 7,
      nombre: 'Líder',
      lider: 1,
      cliente: 0,
      maxRecargas: 10,
      recargaSinUsuario: false,
      permisos: ['USUARIO_CLIENTE', 'GRAFICAS'],
      rutas: [],
      ajustes: ajustesEmpresa.parse({}),
      dosPasos: false,
    });
    // The spec's keys: permissions joined by a hyphen.
    expect(localStorage.getItem('permisos')).toBe('USUARIO_CLIENTE-GRAFICAS');
    expect(leerSesion()).toMatchObject({
      nivel: 2,
      id: 7,
      isMonto: true,
      permisos: ['USUARIO_CLIENTE', 'GRAFICAS'],
    });
    borrarSesion();
    expect(leerSesion()).toBeNull();
    expect(localStorage.length).toBe(0);
  });
});
