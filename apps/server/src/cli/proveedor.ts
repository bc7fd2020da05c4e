import { CODIGOS_CARRIER } from '@recargas/contracts/carriers';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import * as empresas from '../modules/empresas/service.ts';
import * as saldos from '../modules/saldos/service.ts';
import { ADAPTADORES, type Adaptador } from '../providers/registro.ts';

/** An account's name as the settings spell it (RELOADLY_<CUENTA>_*, TAECEL_<CUENTA>_*; 0025 checks it too). */
const CUENTA = /^[A-Z0-9_]{1,40}$/;

type Plataforma = { numero: 1 | 2; nuevo: saldos.ProveedorPlataforma };

/** The adapters that run on a named account, and the variable that account's credentials start with. */
const CON_CUENTA: Record<string, (cuenta: string) => string> = {
  reloadly: (c) => `RELOADLY_${c}_CLIENT_ID`,
  taecel: (c) => `TAECEL_${c}_KEY`,
};

/** set-provider's arguments after the company: the platform and its provider, or what is wrong. */
export function leerPlataforma([numero, adaptador, cuenta, ...sobra]: string[]): Plataforma | string {
  if (!numero || !adaptador) return 'Faltan la empresa, la plataforma (1 o 2) y el adaptador';
  if (numero !== '1' && numero !== '2') return 'La plataforma debe ser 1 o 2';
  if (!(ADAPTADORES as readonly string[]).includes(adaptador))
    return `Adaptador desconocido: ${adaptador} (${ADAPTADORES.join(', ')})`;
  if (sobra.length) return `Sobran argumentos: ${sobra.join(' ')}`;
  const variable = CON_CUENTA[adaptador];
  if (!variable) {
    if (cuenta) return 'Solo los adaptadores reloadly y taecel llevan cuenta';
    return { numero: Number(numero) as 1 | 2, nuevo: { adaptador: adaptador as Adaptador, cuenta: null } };
  }
  const nombre = cuenta?.toUpperCase();
  if (!nombre) return `El adaptador ${adaptador} necesita la cuenta: la de ${variable('<CUENTA>')}`;
  if (!CUENTA.test(nombre))
    return `La cuenta admite letras, dígitos y _ (hasta 40), como en ${adaptador.toUpperCase()}_<CUENTA>_*`;
  return { numero: Number(numero) as 1 | 2, nuevo: { adaptador: adaptador as Adaptador, cuenta: nombre } };
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
  config: Pick<Config, 'simuladorPermitido' | 'reloadly' | 'taecel'>,
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
  if (cuenta && p.nuevo.adaptador === 'reloadly' && !config.reloadly[cuenta])
    console.error(
      `Aviso: RELOADLY_${cuenta}_CLIENT_ID y _CLIENT_SECRET no están en este entorno; la API y los trabajadores las necesitan`,
    );
  if (cuenta && p.nuevo.adaptador === 'taecel' && !config.taecel[cuenta])
    console.error(
      `Aviso: TAECEL_${cuenta}_KEY y _NIP no están en este entorno; la API y los trabajadores las necesitan`,
    );
  const lugar = `Plataforma ${p.numero} de ${empresa.codigo}`;
  if (nombrar(antes) === nombrar(p.nuevo)) return `${lugar}: ya usa ${nombrar(p.nuevo)}; sin cambios`;
  return `${lugar}: ${nombrar(antes)} -> ${nombrar(p.nuevo)}; los procesos en marcha lo usan desde su siguiente recarga`;
}

/** `T` or `T:100` (a carrier, and an amount in pesos for TAECEL) before `=`. */
const CLAVE = /^([A-Z]+)(?::([1-9]\d{0,4}))?$/;
/** A TAECEL product code as getProducts lists it (TEL050, ATTABIERTO). */
const CODIGO = /^[A-Za-z0-9_.-]{1,40}$/;

/**
 * set-operators' pairs for a row of `adaptador`: Reloadly operator ids per carrier (`T=1234`),
 * or TAECEL product codes per carrier or carrier and amount (`T=TELABIERTO`, `T:100=TEL100`);
 * or what is wrong with them.
 */
export function leerElegidos(adaptador: string, pares: string[]): Record<string, number | string> | string {
  if (adaptador !== 'reloadly' && adaptador !== 'taecel')
    return `La plataforma usa ${adaptador}: solo reloadly y taecel eligen operadores o productos (set-provider primero)`;
  const elegidos: Record<string, number | string> = {};
  for (const par of pares) {
    const [clave = '', valor = '', ...sobra] = par.split('=');
    const [, carrier, monto] = CLAVE.exec(clave.toUpperCase()) ?? [];
    if (sobra.length || !carrier || !valor) return `Cada elección va como COMPAÑÍA=valor: ${par}`;
    if (!(CODIGOS_CARRIER as string[]).includes(carrier))
      return `Compañía desconocida: ${carrier} (${CODIGOS_CARRIER.join(', ')})`;
    if (adaptador === 'reloadly') {
      if (monto) return 'Reloadly elige el operador de la compañía, no por monto';
      if (!/^[1-9]\d{0,8}$/.test(valor)) return `El operador de Reloadly es su número: ${par}`;
      elegidos[carrier] = Number(valor);
    } else {
      if (!CODIGO.test(valor)) return `El producto de TAECEL es su código (TEL050): ${par}`;
      elegidos[monto ? `${carrier}:${monto}` : carrier] = valor;
    }
  }
  return elegidos;
}

/**
 * set-operators <empresa> <1|2> [pares]: the company's own operators or products for the
 * platform (none: the automatic choice again), on the audit trail; running processes follow.
 */
export async function cambiarOperadores(
  db: Db,
  [codigo = '', numero = '', ...pares]: string[],
  fallar: (mensaje: string) => never,
): Promise<string> {
  if (numero !== '1' && numero !== '2') fallar('La plataforma debe ser 1 o 2');
  const empresa = await empresas.buscar(db, codigo).catch(() => {
    throw new Error(`No existe la empresa ${codigo}`);
  });
  const r = await saldos.cambiarElegidos(db, empresa.id, Number(numero), (a) => leerElegidos(a, pares));
  if (!r) throw new Error(`La empresa ${empresa.codigo} no tiene plataforma ${numero}`);
  if ('error' in r) fallar(r.error as string);
  const ahora = Object.entries(r.despues);
  const lugar = `Plataforma ${numero} de ${empresa.codigo} (${r.adaptador})`;
  return ahora.length === 0
    ? `${lugar}: elección automática de ${r.adaptador === 'taecel' ? 'productos' : 'operadores'}`
    : `${lugar}: ${ahora.map(([c, v]) => `${c}=${v}`).join(' ')}; los procesos en marcha lo usan desde su siguiente recarga`;
}
