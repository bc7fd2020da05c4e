import type {
  PeticionCambiarPlataforma,
  PeticionPlataformaUsuario,
  PlataformaCarrier,
} from '@recargas/contracts/carriers';
import { type Carrier, CODIGOS_CARRIER } from '@recargas/contracts/carriers';
import { M, texto } from '@recargas/contracts/mensajes';
import type { Db } from '../../db/database.ts';
import { ErrorApi, noEncontrado } from '../../lib/errores.ts';
import * as auditoria from '../auditoria/service.ts';
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
  const [empresa, plataformasEmpresa, elegidos, respaldos] = await Promise.all([
    empresas.porIdOError(db, empresaId),
    repo.plataformas(db, empresaId),
    repo.elegidos(db, empresaId),
    repo.respaldos(db, empresaId),
  ]);
  const predeterminada = plataformasEmpresa.find((p) => p.numero === PLATAFORMA_POR_DEFECTO);
  return {
    carriers: CODIGOS_CARRIER.map((carrier) => {
      const e = elegidos.find((x) => x.carrier === carrier);
      const r = respaldos.find((x) => x.carrier === carrier);
      return {
        carrier,
        empresaPlataformaId: e?.id ?? null,
        noPlataforma: e?.numero ?? PLATAFORMA_POR_DEFECTO,
        usuario: empresa.codigo,
        plataforma: predeterminada?.nombre ?? '',
        usuario2: e?.username ?? null,
        plataforma2: e?.nombre ?? null,
        respaldoId: r?.id ?? null,
        respaldoUsuario: r?.username ?? null,
        respaldoPlataforma: r?.nombre ?? null,
      };
    }),
  };
}

/** Who changes a carrier's platform: a session of the company (its IP goes on the trail). */
export interface Quien {
  empresaId: number;
  usuarioId: number;
  username?: string;
  ip?: string | undefined;
}

/**
 * Every save of a carrier's platform choice goes through here: `cambio` writes it in a
 * transaction that also records the carrier's choice as it was and as it is (audit trail).
 */
async function guardarEleccion(db: Db, q: Quien, carrier: Carrier, cambio: (tx: Db) => Promise<unknown>) {
  // The carrier's first and second platform user as they stand (null: the default, none).
  const de = async (tx: Db) => {
    const [elegidos, respaldos] = await Promise.all([
      repo.elegidos(tx, q.empresaId),
      repo.respaldos(tx, q.empresaId),
    ]);
    const sin = <T extends { carrier: string }>(x: T | undefined) => {
      if (!x) return null;
      const { carrier: _c, ...resto } = x;
      return resto;
    };
    return {
      principal: sin(elegidos.find((x) => x.carrier === carrier)),
      respaldo: sin(respaldos.find((x) => x.carrier === carrier)),
    };
  };
  await db.transaction().execute(async (tx) => {
    const antes = await de(tx);
    await cambio(tx);
    const despues = await de(tx);
    const fila = { empresaId: q.empresaId, tabla: 'plataformas_carrier', fila: carrier };
    await auditoria.registrar(tx, auditoria.actorDe(q), [{ ...fila, tipo: 'plataforma', antes, despues }]);
  });
}

/**
 * POST /cambiarPlataformasEmpresa: a carrier's platform user (null: back to the default) and,
 * when given, its second one (issue 22): each a platform user of this company (else 404), the
 * second on another account than the first (the default is platform 1), else 400 and nothing
 * written.
 */
export async function cambiar(db: Db, q: Quien, p: PeticionCambiarPlataforma) {
  const { empresaId } = q;
  const { carrier } = p;
  await guardarEleccion(db, q, carrier, async (tx) => {
    const usuario = async (id: number | null | undefined) => {
      if (id === null || id === undefined) return null;
      const u = await repo.usuarioPorId(tx, empresaId, id);
      if (!u) throw noEncontrado();
      return u;
    };
    const principal = await usuario(p.empresaPlataformaId);
    const respaldo = await usuario(
      p.respaldoId !== undefined
        ? p.respaldoId
        : (await repo.respaldos(tx, empresaId)).find((r) => r.carrier === carrier)?.id,
    );
    if (respaldo) {
      const primera =
        principal?.proveedor_id ??
        (await repo.plataformas(tx, empresaId)).find((x) => x.numero === PLATAFORMA_POR_DEFECTO)?.id;
      if (respaldo.proveedor_id === primera) throw new ErrorApi(400, M.respaldoIgualPrincipal);
    }
    if (principal) await repo.elegir(tx, empresaId, carrier, principal.id);
    else await repo.volverAlPredeterminado(tx, empresaId, carrier);
    if (p.respaldoId !== undefined) await repo.elegirRespaldo(tx, empresaId, carrier, p.respaldoId);
  });
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
