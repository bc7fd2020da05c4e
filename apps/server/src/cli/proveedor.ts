import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import * as empresas from '../modules/empresas/service.ts';
import * as saldos from '../modules/saldos/service.ts';
import { ADAPTADORES, type Adaptador } from '../providers/registro.ts';

/** An account's name as the settings spell it (RELOADLY_<CUENTA>_*; migration 0025 checks it too). */
const CUENTA = /^[A-Z0-9_]{1,40}$/;

type Plataforma = { numero: 1 | 2; nuevo: saldos.ProveedorPlataforma };

/** set-provider's arguments after the company: the platform and its provider, or what is wrong. */
export function leerPlataforma([numero, adaptador, cuenta, ...sobra]: string[]): Plataforma | string {
  if (!numero || !adaptador) return 'Faltan la empresa, la plataforma (1 o 2) y el adaptador';
  if (numero !== '1' && numero !== '2') return 'La plataforma debe ser 1 o 2';
  if (!(ADAPTADORES as readonly string[]).includes(adaptador))
    return `Adaptador desconocido: ${adaptador} (${ADAPTADORES.join(', ')})`;
  if (sobra.length) return `Sobran argumentos: ${sobra.join(' ')}`;
  if (adaptador !== 'reloadly') {
    if (cuenta) return 'Solo el adaptador reloadly lleva cuenta';
    return { numero: Number(numero) as 1 | 2, nuevo: { adaptador: adaptador as Adaptador, cuenta: null } };
  }
  const nombre = cuenta?.toUpperCase();
  if (!nombre) return 'El adaptador reloadly necesita la cuenta: la de RELOADLY_<CUENTA>_CLIENT_ID';
  if (!CUENTA.test(nombre))
    return 'La cuenta admite letras, dígitos y _ (hasta 40), como en RELOADLY_<CUENTA>_*';
  return { numero: Number(numero) as 1 | 2, nuevo: { adaptador: 'reloadly', cuenta: nombre } };
}

const nombrar = (p: { adaptador: string; cuenta: string | null }) =>
  p.cuenta ? `${p.adaptador} (cuenta ${p.cuenta})` : p.adaptador;

/**
 * set-provider <empresa> <1|2> <adaptador> [cuenta]: the platform's provider, on the audit trail;
 * running APIs and workers follow it at their next use, no restart. The simulator is refused
 * where this process refuses it (NODE_ENV=production without PROVEEDOR_SIMULADO=1). Answers the
 * line to print; `fallar` ends with the usage.
 */
export async function cambiarPlataforma(
  db: Db,
  config: Pick<Config, 'simuladorPermitido' | 'reloadly'>,
  [codigo = '', ...resto]: string[],
  fallar: (mensaje: string) => never,
): Promise<string> {
  const p = leerPlataforma(resto);
  if (typeof p === 'string') fallar(p);
  if (p.nuevo.adaptador === 'simulador' && !config.simuladorPermitido)
    throw new Error(
      'El simulador no está permitido aquí: PROVEEDOR_SIMULADO=0, o NODE_ENV=production sin PROVEEDOR_SIMULADO=1',
    );
  const empresa = await empresas.buscar(db, codigo).catch(() => {
    throw new Error(`No existe la empresa ${codigo}`);
  });
  const antes = await saldos.cambiarProveedor(db, empresa.id, p.numero, p.nuevo);
  if (!antes) throw new Error(`La empresa ${empresa.codigo} no tiene plataforma ${p.numero}`);
  const cuenta = p.nuevo.cuenta;
  // Only a warning: this command may run where the API's credentials are not (a shell, not the container).
  if (cuenta && !config.reloadly[cuenta])
    console.error(
      `Aviso: RELOADLY_${cuenta}_CLIENT_ID y _CLIENT_SECRET no están en este entorno; la API y los trabajadores las necesitan`,
    );
  const lugar = `Plataforma ${p.numero} de ${empresa.codigo}`;
  if (nombrar(antes) === nombrar(p.nuevo)) return `${lugar}: ya usa ${nombrar(p.nuevo)}; sin cambios`;
  return `${lugar}: ${nombrar(antes)} -> ${nombrar(p.nuevo)}; los procesos en marcha lo usan desde su siguiente recarga`;
}
