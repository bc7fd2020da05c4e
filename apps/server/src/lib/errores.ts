import { M } from '@recargas/contracts/mensajes';

/**
 * A refusal the client is meant to read: HTTP status plus the Spanish `mensaje` (spec section 8);
 * `codigo`: the cause's machine code (contracts recargas/fallas.ts), which `/v1` answers carry.
 */
export class ErrorApi extends Error {
  constructor(
    readonly status: number,
    mensaje: string,
    readonly extra: Record<string, unknown> = {},
    readonly codigo?: string,
  ) {
    super(mensaje);
  }
}

export const noEncontrado = () => new ErrorApi(404, M.noEncontrado);
export const sinPermiso = () => new ErrorApi(403, M.sinPermiso);

/**
 * The database is restarting, unreachable or out of time (connection refused or cut, admin
 * shutdown, starting up; a statement or lock wait over its limit, db/plazos.ts), or in a
 * failover (no node is the primary yet, a write reached a standby: db/primaria.ts): a temporary
 * 503 the client may retry, not a bug.
 */
const CODIGOS_SIN_BASE = new Set([
  '57014',
  '55P03',
  '25006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
]);
export const sinBaseDeDatos = (e: unknown): boolean => {
  const codigo = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  if (typeof codigo === 'string' && CODIGOS_SIN_BASE.has(codigo)) return true;
  const mensaje = e instanceof Error ? e.message : '';
  return /Connection terminated|connection is closed|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(
    mensaje,
  );
};
