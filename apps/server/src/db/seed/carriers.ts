import * as carriers from '../../modules/carriers/service.ts';
import type { Db } from '../database.ts';

/** Demo platform users of a company: one per platform besides the default account. */
export async function sembrarCarriers(db: Db, empresaId: number) {
  await carriers.registrar(db, empresaId, {
    username: 'telcel_norte',
    plataforma: 1,
    canal: 'Distribuidor norte',
  });
  await carriers.registrar(db, empresaId, { username: 'pagaqui_centro', plataforma: 2, canal: '' });
  await carriers.guardarComentarios(db, empresaId, [
    { carrier: 'B', comment: 'Bait: la recarga puede tardar hasta 5 minutos en reflejarse.' },
  ]);
}
