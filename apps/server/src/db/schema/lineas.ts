import type { ColumnType, Generated } from 'kysely';
import type { Creado } from './tipos.ts';

export interface LineasTable {
  id: Generated<number>;
  empresa_id: number;
  icc: string;
  dn: Generated<string>;
  monto: number | null;
  lider_id: number | null;
  cliente_id: number | null;
  compania: string;
  subido_por: number | null;
  fecha_subida: Creado;
  fecha_actualizacion: ColumnType<Date, Date | string | undefined, Date | string>;
  /** A calendar day, 'yyyy-mm-dd'. */
  fecha_vigencia: string | null;
  fecha_recarga: Date | null;
  nir: string | null;
  plataforma: number | null;
  is_recargado: Generated<boolean>;
  fecha_entrega: string | null;
  producto: string | null;
  fecha_portada: string | null;
  /** The validity whose recycling was forgotten (0011). */
  vigencia_olvidada: string | null;
}
