import type { ColumnType } from 'kysely';
import type { Creado, Json } from './tipos.ts';

/** Release notes (0008): product-wide, read state per user. */
export interface ActualizacionesTable {
  id: number;
  fecha: ColumnType<string, string, string>;
  titulo: string;
  archivo: string;
  descripciones: Json<string[]>;
  secciones: Json<{ tittle: string; children: { description: string; image?: string }[] }[]>;
}

export interface ActualizacionesLeidasTable {
  usuario_id: number;
  actualizacion_id: number;
  leida: Creado;
}
