import type { ColumnType } from 'kysely';
import type { Json } from './tipos.ts';

/** Release notes (0008): product-wide. */
export interface ActualizacionesTable {
  id: number;
  fecha: ColumnType<string, string, string>;
  titulo: string;
  archivo: string;
  descripciones: Json<string[]>;
  secciones: Json<{ tittle: string; children: { description: string; image?: string }[] }[]>;
}
