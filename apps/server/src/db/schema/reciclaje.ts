import type { Generated } from 'kysely';
import type { Creado } from './tipos.ts';

/** Recycling decisions (0011), with what the line had before. */
export interface ReciclajesTable {
  id: Generated<number>;
  empresa_id: number;
  linea_id: number | null;
  icc: string;
  dn: string;
  accion: 'reciclar' | 'olvidar';
  lider_id: number | null;
  cliente_id: number | null;
  fecha_vigencia: string | null;
  fecha_recarga: Date | null;
  usuario_id: number | null;
  fecha: Creado;
}
