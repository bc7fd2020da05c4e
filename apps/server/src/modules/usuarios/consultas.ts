import type { FiltrosUsuarios } from '@recargas/contracts/usuarios';
import { SIN_LIDER } from '@recargas/contracts/usuarios';
import { noEncontrado } from '../../lib/errores.ts';
import { alcance, type Ctx, type Quien } from './reglas.ts';
import * as repo from './repo.ts';

/** The users screens' reads: the list, one row, the amounts list, the leader and client pickers. */

const pagina = <T extends { id: number }>(filas: T[], limite: number) => {
  const hay = filas.length > limite;
  const visibles = hay ? filas.slice(0, limite) : filas;
  return { filas: visibles, siguiente: hay ? String(visibles.at(-1)?.id) : null };
};

/** GET /api/usuarios: one keyset page with the chip filters; the total comes with the first page. */
export async function listar(
  ctx: Ctx,
  q: Quien,
  c: { filtros?: FiltrosUsuarios | undefined; after?: number | undefined; limit: number },
) {
  const a = alcance(q);
  if (!a) return { usuarios: [], total: 0, siguiente: null };
  const filtros = c.filtros ?? {};
  const [filas, total] = await Promise.all([
    repo.paginaUsuarios(ctx.db, a, filtros, c.after, c.limit),
    c.after === undefined ? repo.contarUsuarios(ctx.db, a, filtros) : Promise.resolve(null),
  ]);
  const { filas: usuarios, siguiente } = pagina(filas, c.limit);
  return { usuarios, total, siguiente };
}

/** GET /api/usuarios/:id: one row of the list, for the edit screen opened by its URL. */
export async function uno(ctx: Ctx, q: Quien, id: number) {
  const a = alcance(q);
  const u = a ? await repo.usuarioVisible(ctx.db, a, id) : undefined;
  if (!u) throw noEncontrado();
  return u;
}

/** GET /api/usuariosMonto. */
export async function usuariosMonto(ctx: Ctx, q: Quien, c: { after?: number | undefined; limit: number }) {
  const { filas, siguiente } = pagina(await repo.paginaMonto(ctx.db, q.empresaId, c.after, c.limit), c.limit);
  return { usuarios: filas, siguiente };
}

/** GET /api/lideres: all the company's leaders for administrators, the own one for level 2. */
export async function lideres(
  ctx: Ctx,
  q: Quien,
  c: { q?: string | undefined; after?: number | undefined; limit: number },
) {
  const a = alcance(q);
  if (!a) return { lideres: [], siguiente: null };
  const filas = await repo.paginaLideres(ctx.db, q.empresaId, {
    ...(a.liderId !== undefined ? { soloId: a.liderId } : {}),
    ...(c.q ? { q: c.q } : {}),
    ...(c.after !== undefined ? { after: c.after } : {}),
    limite: c.limit,
  });
  const { filas: lista, siguiente } = pagina(filas, c.limit);
  return { lideres: lista, siguiente };
}

/** GET /api/clientes: pairs {lider, cliente}; level 2 only gets its own leader's. */
export async function clientes(
  ctx: Ctx,
  q: Quien,
  c: { lider: number; q?: string | undefined; after?: number | undefined; limit: number },
) {
  const a = alcance(q);
  if (!a || (a.liderId !== undefined && c.lider !== SIN_LIDER && c.lider !== a.liderId)) {
    return { clientes: [], siguiente: null };
  }
  const liderId = a.liderId ?? (c.lider === SIN_LIDER ? undefined : c.lider);
  const filas = await repo.paginaClientes(ctx.db, q.empresaId, {
    ...(liderId !== undefined ? { liderId } : {}),
    ...(c.q ? { q: c.q } : {}),
    ...(c.after !== undefined ? { after: c.after } : {}),
    limite: c.limit,
  });
  const { filas: lista, siguiente } = pagina(filas, c.limit);
  return { clientes: lista, siguiente };
}
