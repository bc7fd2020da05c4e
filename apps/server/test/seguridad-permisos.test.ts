import { M } from '@recargas/contracts/mensajes';
import { PERMISOS } from '@recargas/contracts/permisos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as usuarios from '../src/modules/usuarios/service.ts';
import { conToken, crearEntornoReloadly, type Entorno, entrar, idEmpresa, PASSWORD_DEMO } from './entorno.ts';
import { pedir } from './peticion.ts';
import { concedido, llamar, negado, type Operacion, operacionesDe } from './seguridad/llamadas.ts';
import { MATRIZ, permite } from './seguridad/matriz.ts';

/**
 * The security matrix's permission dimension: for every permission of spec section 6, an
 * administrator and a leader holding every permission but that one call every endpoint; each
 * answer must be exactly what MATRIZ allows (403 where the route requires the missing one). And
 * every level with and without Permiso Monto (isMonto) choosing a top-up's amount.
 */
let e: Entorno;
let rutas: Operacion[] = [];
const cuenta = { bien: 0, mal: 0 };

beforeAll(async () => {
  // One platform on the Reloadly adapter: the matrix holds whatever adapter serves it.
  e = await crearEntornoReloadly();
  rutas = operacionesDe(e.app).filter((r) => r.ruta !== '/api/cerrarSesion');
});
afterAll(async () => {
  console.log(`seguridad por permiso: ${cuenta.bien} passed, ${cuenta.mal} failed`);
  await e.cerrar();
});

/** A new demo user named `username` (also its name, the demo password), logged in. */
async function usuarioNuevo(
  username: string,
  datos: Omit<usuarios.DatosUsuario, 'empresaId' | 'username' | 'nombre' | 'password'>,
) {
  const empresaId = await idEmpresa(e, 'demo');
  await usuarios.crear(e.db, { empresaId, username, nombre: username, password: PASSWORD_DEMO, ...datos });
  return entrar(e.app, username);
}

describe('security matrix: with and without each permission', () => {
  // One test per level and missing permission: each calls every endpoint once.
  const casos = [1, 2].flatMap((nivel) => PERMISOS.map((falta) => [nivel, falta] as const));
  it.each(casos)('level %i without %s gets exactly what the matrix allows', async (nivel, falta) => {
    const lider = await e.db
      .selectFrom('lideres')
      .select('id')
      .where('empresa_id', '=', await idEmpresa(e, 'demo'))
      .executeTakeFirstOrThrow();
    const fallos: string[] = [];
    const permisos = PERMISOS.filter((p) => p !== falta);
    const username = `sin_${falta.toLowerCase()}_${nivel}`;
    const s = await usuarioNuevo(username, {
      nivel,
      liderId: nivel === 2 ? lider.id : null,
      maxRecargas: 10,
      permisos,
    });
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
    expect(fallos).toEqual([]);
  });

  it.each([1, 2, 3])(
    'level %i with and without Permiso Monto: choosing an amount is exactly isMonto',
    async (nivel) => {
      const cliente = await e.db
        .selectFrom('clientes')
        .select(['id', 'lider_id'])
        .where('empresa_id', '=', await idEmpresa(e, 'demo'))
        .executeTakeFirstOrThrow();
      const fallos: string[] = [];
      for (const isMonto of [true, false]) {
        const s = await usuarioNuevo(`monto_${nivel}_${isMonto}`, {
          nivel,
          liderId: nivel >= 2 ? cliente.lider_id : null,
          clienteId: nivel === 3 ? cliente.id : null,
          maxRecargas: 100,
          isMonto,
          permisos: ['RECARGA_EXTERNA'],
        });
        const casos = [
          ['/checkOut', { dn: '5599000001', compania: 'T', monto: 50 }],
          [
            '/foreignCheckOut',
            { dn: '5599000002', compania: 'T', monto: 50, folio: `F${nivel}${isMonto ? 1 : 0}` },
          ],
        ] as const;
        for (const [url, cuerpo] of casos) {
          const x = await pedir(e.app, s, 'POST', url, cuerpo);
          const ok = isMonto
            ? x.statusCode === 200 || x.statusCode === 202
            : x.statusCode === 403 && x.json().mensaje === M.montoNoPermitido;
          if (ok) cuenta.bien++;
          else {
            cuenta.mal++;
            fallos.push(`${url} nivel ${nivel} isMonto ${isMonto}: ${x.statusCode} ${x.body}`);
          }
        }
      }
      expect(fallos).toEqual([]);
    },
  );
});
