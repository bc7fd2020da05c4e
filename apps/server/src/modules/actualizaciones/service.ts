import { type Actualizacion, rutaImagenNota } from '@recargas/contracts/actualizaciones';
import type { Db } from '../../db/database.ts';
import { noEncontrado } from '../../lib/errores.ts';
import { conDiagonales } from '../../lib/fechas.ts';
import * as repo from './repo.ts';

/** A note's day as every screen writes days (issue 41): yyyy/mm/dd. */
const fecha = conDiagonales;

/** The list; the newest note is marked 'Nuevo' for everyone, opened or not (as the seed does). */
export async function lista(db: Db) {
  const filas = await repo.lista(db);
  const actualizaciones = filas.map((f, i) => ({
    id: f.id,
    title: f.titulo,
    date: fecha(f.fecha),
    file: f.archivo,
    nuevo: i === 0,
  }));
  return { actualizaciones, nuevo: actualizaciones[0]?.nuevo ?? false };
}

/** One note, with its images' paths. */
export async function abrir(db: Db, id: number): Promise<Actualizacion> {
  const n = await repo.porId(db, id);
  if (!n) throw noEncontrado();
  return {
    id: n.id,
    tittle: n.titulo,
    date: fecha(n.fecha),
    descriptions: n.descripciones,
    sections: n.secciones.map((s) => ({
      tittle: s.tittle,
      children: s.children.map((c) => ({
        description: c.description,
        ...(c.image ? { image: rutaImagenNota(n.id, c.image) } : {}),
      })),
    })),
  };
}
