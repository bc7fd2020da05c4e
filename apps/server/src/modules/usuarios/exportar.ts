import { M } from '@recargas/contracts/mensajes';
import { etiquetaNivel } from '@recargas/contracts/niveles';
import {
  COLUMNAS_FILTRO_USUARIOS,
  type FiltrosUsuarios,
  TITULOS_USUARIOS,
} from '@recargas/contracts/usuarios';
import type { Ctx } from '../../contexto.ts';
import { sinPermiso } from '../../lib/errores.ts';
import * as repo from './repo.ts';
import { alcance, type Quien } from './service.ts';

const LOTE_EXPORTACION = 2000;

/** Excel USUARIOS: the rows of the list (scope and chips), read by keyset in batches. */
export async function paraExportar(ctx: Ctx, q: Quien, filtros: FiltrosUsuarios) {
  const a = alcance(q);
  if (!a) throw sinPermiso();
  return {
    hoja: 'Usuarios',
    titulos: ['#', ...COLUMNAS_FILTRO_USUARIOS.map((c) => TITULOS_USUARIOS[c])],
    numericas: [0, 7],
    async *filas() {
      let after: number | undefined;
      let n = 0;
      for (;;) {
        const lote = (await repo.paginaUsuarios(ctx.db, a, filtros, after, LOTE_EXPORTACION)).slice(
          0,
          LOTE_EXPORTACION,
        );
        if (lote.length === 0) return;
        yield lote.map((u) => [
          String(++n),
          u.username,
          u.nombre,
          etiquetaNivel(u.nivel),
          u.lider,
          u.cliente,
          u.phoneNumber === 'null' ? M.sinTelefono : u.phoneNumber,
          String(u.maxRecargas),
        ]);
        if (lote.length < LOTE_EXPORTACION) return;
        after = lote.at(-1)?.id;
      }
    },
  };
}
