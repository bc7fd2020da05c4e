import type { PeticionPlataformaUsuario, PlataformaCarrier } from '@recargas/contracts/carriers';
import { type Carrier, CODIGOS_CARRIER } from '@recargas/contracts/carriers';
import { M, texto } from '@recargas/contracts/mensajes';
import type { Db } from '../../db/database.ts';
import { ErrorApi, noEncontrado } from '../../lib/errores.ts';
import * as empresas from '../empresas/service.ts';
import * as repo from './repo.ts';

/** Platform a top-up goes to when its carrier has no platform user chosen (spec: platform 1). */
const PLATAFORMA_POR_DEFECTO = 1;

/** GET /empresas: the platforms of the company, for the 'Selecciona la plataforma' select. */
export async function plataformas(db: Db, empresaId: number) {
  const filas = await repo.plataformas(db, empresaId);
  return { empresas: filas.map((p) => ({ id: p.numero, nombre: p.nombre })) };
}

/** GET /plataformasEmpresa. */
export async function usuarios(db: Db, empresaId: number) {
  const filas = await repo.usuarios(db, empresaId);
  return {
    plataformas: filas.map((f) => ({
      id: f.id,
      usuario: f.username,
      plataforma: f.nombre,
      noPlataforma: f.numero,
      canal: f.canal,
    })),
  };
}

/** POST /plataformasEmpresa: 'Registrar nuevo usuario' (spec section 5). */
export async function registrar(db: Db, empresaId: number, p: PeticionPlataformaUsuario) {
  const plataforma = (await repo.plataformas(db, empresaId)).find((x) => x.numero === p.plataforma);
  if (!plataforma) throw new ErrorApi(400, M.debesPlataforma);
  const nuevo = await repo.insertarUsuario(db, {
    empresa_id: empresaId,
    proveedor_id: plataforma.id,
    username: p.username,
    canal: p.canal,
  });
  if (!nuevo) throw new ErrorApi(409, texto('usuarioPlataformaExiste', { username: p.username }));
  return nuevo.id;
}

/** GET /plataformaCarrier: every carrier, with the default account and the chosen platform user. */
export async function porCarrier(db: Db, empresaId: number): Promise<{ carriers: PlataformaCarrier[] }> {
  const [empresa, plataformasEmpresa, elegidos] = await Promise.all([
    empresas.porIdOError(db, empresaId),
    repo.plataformas(db, empresaId),
    repo.elegidos(db, empresaId),
  ]);
  const predeterminada = plataformasEmpresa.find((p) => p.numero === PLATAFORMA_POR_DEFECTO);
  return {
    carriers: CODIGOS_CARRIER.map((carrier) => {
      const e = elegidos.find((x) => x.carrier === carrier);
      return {
        carrier,
        empresaPlataformaId: e?.id ?? null,
        noPlataforma: e?.numero ?? PLATAFORMA_POR_DEFECTO,
        usuario: empresa.codigo,
        plataforma: predeterminada?.nombre ?? '',
        usuario2: e?.username ?? null,
        plataforma2: e?.nombre ?? null,
      };
    }),
  };
}

/** POST /cambiarPlataformasEmpresa: a platform user of this company for a carrier, or back to the default. */
export async function cambiar(db: Db, empresaId: number, carrier: Carrier, id: number | null | undefined) {
  if (id === null || id === undefined) {
    await repo.volverAlPredeterminado(db, empresaId, carrier);
    return;
  }
  if (!(await repo.usuarioPorId(db, empresaId, id))) throw noEncontrado();
  await repo.elegir(db, empresaId, carrier, id);
}

/** GET /api/comments/: every carrier with its comment ('' when none). */
export async function comentarios(db: Db, empresaId: number) {
  const filas = await repo.comentarios(db, empresaId);
  return CODIGOS_CARRIER.map((carrier) => ({
    carrier,
    comment: filas.find((f) => f.carrier === carrier)?.comentario ?? '',
  }));
}

export async function guardarComentarios(
  db: Db,
  empresaId: number,
  lista: { carrier: Carrier; comment: string }[],
) {
  // The last value of a carrier named twice wins, as one write per carrier.
  const porCarrier = new Map(lista.map((c) => [c.carrier, c.comment]));
  if (porCarrier.size === 0) return;
  await repo.guardarComentarios(
    db,
    empresaId,
    [...porCarrier].map(([carrier, comentario]) => ({ carrier, comentario })),
  );
}
