import type { Entorno } from './entorno.ts';

/** The seeded demo company, and the leader and client of its user 'cliente'. */
export async function demoDeCliente(e: Entorno) {
  const demo = (
    await e.db.selectFrom('empresas').select('id').where('codigo', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  const u = await e.db
    .selectFrom('usuarios')
    .select(['lider_id', 'cliente_id'])
    .where('empresa_id', '=', demo)
    .where('username', '=', 'cliente')
    .executeTakeFirstOrThrow();
  return { demo, liderDemo: u.lider_id as number, clienteDemo: u.cliente_id as number };
}
