import { M } from '@recargas/contracts/mensajes';
import { PERMISOS } from '@recargas/contracts/permisos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as usuarios from '../src/modules/users/service.ts';
import { conToken, crearEntorno, type Entorno, entrar, PASSWORD_DEMO } from './entorno.ts';
import { concedido, llamar, negado, type Operacion, operacionesDe } from './seguridad/llamadas.ts';
import { MATRIZ, permite } from './seguridad/matriz.ts';

/**
 * The security matrix's permission dimension: for every permission of spec section 6, an
 * administrator and a leader holding every permission but that one call every endpoint; each
 * answer must be exactly what MATRIZ allows (403 where the route requires the missing one).
 */
let e: Entorno;
let rutas: Operacion[] = [];
const cuenta = { bien: 0, mal: 0 };

beforeAll(async () => {
  e = await crearEntorno();
  rutas = operacionesDe(e.app).filter((r) => r.ruta !== '/api/cerrarSesion');
});
afterAll(async () => {
  console.log(`seguridad por permiso: ${cuenta.bien} passed, ${cuenta.mal} failed`);
  await e.cerrar();
});

const empresaDemo = () =>
  e.db.selectFrom('empresas').select('id').where('codigo', '=', 'demo').executeTakeFirstOrThrow();

describe('security matrix: with and without each permission', () => {
  it.each([1, 2])('level %i without each permission gets exactly what the matrix allows', async (nivel) => {
    const { id: empresaId } = await empresaDemo();
    const lider = await e.db
      .selectFrom('lideres')
      .select('id')
      .where('empresa_id', '=', empresaId)
      .executeTakeFirstOrThrow();
    const fallos: string[] = [];
    for (const falta of PERMISOS) {
      const permisos = PERMISOS.filter((p) => p !== falta);
      const username = `sin_${falta.toLowerCase()}_${nivel}`;
      await usuarios.crear(e.db, {
        empresaId,
        username,
        nombre: username,
        password: PASSWORD_DEMO,
        nivel,
        liderId: nivel === 2 ? lider.id : null,
        maxRecargas: 10,
        permisos,
      });
      const s = await entrar(e.app, username);
      for (const r of rutas) {
        const regla = MATRIZ[r.celda];
        if (regla === undefined || typeof regla === 'string') continue;
        const x = await llamar(e.app, r, conToken(s.token, s.xsrf));
        const ok = permite(r.celda, { nivel, permisos, nombre: username })
          ? concedido(x)
          : negado(x, M.sinPermiso);
        if (ok) cuenta.bien++;
        else {
          cuenta.mal++;
          fallos.push(`${r.celda} nivel ${nivel} sin ${falta}: ${JSON.stringify(x)}`);
        }
      }
    }
    expect(fallos).toEqual([]);
  });
});
