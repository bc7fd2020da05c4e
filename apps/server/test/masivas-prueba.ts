import type { Carrier } from '@recargas/contracts/carriers';
import * as masivas from '../src/modules/masivas/service.ts';
import type { Entorno } from './entorno.ts';

/**
 * A block of `n` generated lines for company `codigo`, as an upload would write it: ICCs from
 * `prefijo` (7 digits) and DNs from `dn` (2 digits), numbered from 0. Returns the company id too.
 */
export async function bloqueDePrueba(
  e: Entorno,
  codigo: string,
  n: number,
  linea: { prefijo: string; dn: string; monto: number; compania: Carrier; nombre: (i: number) => string },
) {
  const empresa = await e.db
    .selectFrom('empresas')
    .select('id')
    .where('codigo', '=', codigo)
    .executeTakeFirstOrThrow();
  const bloque = await masivas.crearBloque(
    e.app,
    empresa.id,
    null,
    Array.from({ length: n }, (_, i) => ({
      icc: `${linea.prefijo}${String(i).padStart(12, '0')}`,
      dn: `${linea.dn}${String(i).padStart(8, '0')}`,
      monto: linea.monto,
      compania: linea.compania,
      nombre: linea.nombre(i),
    })),
  );
  return { empresa, bloque };
}
