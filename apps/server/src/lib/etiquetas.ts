import { CARRIERS } from '@recargas/contracts/carriers';
import { ETIQUETAS_ESTADO } from '@recargas/contracts/recargas';
import { type RawBuilder, sql } from 'kysely';

/**
 * A code column as its label of contracts (etiquetaCarrier, etiquetaEstado): what screens, chips
 * and Excel files print. An unknown code shows as it is; null stays null.
 */
const etiqueta = (mapa: Readonly<Record<string, string>>, col: string): RawBuilder<string> =>
  sql<string>`case ${sql.ref(col)} ${sql.join(
    Object.entries(mapa).map(([codigo, nombre]) => sql`when ${codigo} then ${nombre}`),
    sql` `,
  )} else ${sql.ref(col)} end`;

/** A carrier column (T, M, U, A, V, B) as its name. */
export const carrierSql = (col: string) => etiqueta(CARRIERS, col);

/** A top-up status column (pendiente, enviada, exitosa, fallida) as its name. */
export const estadoSql = (col: string) => etiqueta(ETIQUETAS_ESTADO, col);
