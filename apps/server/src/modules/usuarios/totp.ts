import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { auditarClavesTotp } from './auditados.ts';

/*
 * A user's two-step (TOTP) columns: the stored secret (encrypted by the auth module, the only one
 * that reads it), whether it was confirmed, and the last time step used.
 */

export const guardarTotp = (
  db: Db,
  empresaId: number,
  id: number,
  cambios: { totp_secreto?: string | null; totp_confirmado?: boolean },
) =>
  db.updateTable('usuarios').set(cambios).where('id', '=', id).where('empresa_id', '=', empresaId).execute();

/** Records a TOTP step as used; false when that step (or a later one) was used already. */
export async function usarPasoTotp(db: Db, empresaId: number, id: number, paso: number): Promise<boolean> {
  const r = await db
    .updateTable('usuarios')
    .set({ totp_ultimo_paso: paso, totp_confirmado: true })
    .where('id', '=', id)
    .where('empresa_id', '=', empresaId)
    .where((eb) => eb.or([eb('totp_ultimo_paso', 'is', null), eb('totp_ultimo_paso', '<', paso)]))
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** A stored secret as another key encrypts it, and the ids of the keys before and after. */
export interface Recifrado {
  guardado: string;
  antes: string;
  despues: string;
}

/** Rows per transaction: short row locks while logins go on. */
const LOTE = 200;

/**
 * Every stored two-step secret (all companies, disabled users too) that does not start with
 * `vigente`, replaced by what `recifrar` makes of it (undefined: left as it is). In batches by
 * id, each one transaction holding its rows (a new QR written meanwhile waits for it), each
 * replacement on the audit trail as the operator's. Returns how many were replaced.
 */
export async function recifrarTotp(
  db: Db,
  vigente: string,
  recifrar: (guardado: string) => Recifrado | undefined,
): Promise<number> {
  let despuesDe = 0;
  let total = 0;
  for (;;) {
    const lote = await db.transaction().execute(async (tx) => {
      const filas = await tx
        .selectFrom('usuarios')
        .select(['id', 'empresa_id', 'totp_secreto'])
        .where('id', '>', despuesDe)
        .where('totp_secreto', 'is not', null)
        .where(sql<boolean>`not starts_with(totp_secreto, ${vigente})`)
        .orderBy('id')
        .limit(LOTE)
        .forUpdate()
        .execute();
      const hechos = [];
      for (const f of filas) {
        const r = recifrar(f.totp_secreto ?? '');
        if (!r) continue;
        await tx.updateTable('usuarios').set({ totp_secreto: r.guardado }).where('id', '=', f.id).execute();
        hechos.push({ ...f, ...r });
      }
      await auditarClavesTotp(tx, hechos);
      return { ultimo: filas.at(-1)?.id, hechos: hechos.length };
    });
    total += lote.hechos;
    if (lote.ultimo === undefined) return total;
    despuesDe = lote.ultimo;
  }
}
