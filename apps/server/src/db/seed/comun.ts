import type { Db } from '../database.ts';

/** A fixed pseudo-random sequence (an LCG): the same demo rows in every fresh database. */
export function azarFijo(semilla: number) {
  let x = semilla;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

/** The id of a company's `admin`, who uploads the demo rows (the seed made it first). */
export async function idAdmin(db: Db, empresaId: number) {
  const admin = await db
    .selectFrom('usuarios')
    .select('id')
    .where('empresa_id', '=', empresaId)
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  return admin.id;
}
