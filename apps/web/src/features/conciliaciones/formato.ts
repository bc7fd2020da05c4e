import { M } from '@recargas/contracts/mensajes';

export const pesos = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** Platform 1 is Recargatodo, 2 Pagaqui (the balances screen's names). */
export const plataformaDe = (n: number) => (n === 1 ? M.recargatodo : n === 2 ? M.pagaqui : String(n));
