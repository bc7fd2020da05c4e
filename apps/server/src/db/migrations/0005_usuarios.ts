import { type Kysely, sql } from 'kysely';

/**
 * Users screens (issue 6): indexes for keyset paging over the live users of a company (all of
 * them, or one leader's), and for the leader and client pickers ordered by name. The soft delete
 * column `usuarios.eliminado` exists since 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index usuarios_vivos_empresa_id on usuarios (empresa_id, id) where eliminado is null`.execute(
    db,
  );
  await sql`create index usuarios_vivos_lider_id on usuarios (empresa_id, lider_id, id) where eliminado is null`.execute(
    db,
  );
  await sql`create index lideres_empresa_nombre_id on lideres (empresa_id, nombre, id)`.execute(db);
  await sql`create index clientes_empresa_nombre_id on clientes (empresa_id, nombre, id)`.execute(db);
  await sql`create index clientes_lider_nombre_id on clientes (lider_id, nombre, id)`.execute(db);
}
