import type { ColumnType, Generated } from 'kysely';
import type { Creado } from './tipos.ts';

/** Platform users of a company (0007). */
export interface PlataformasEmpresaTable {
  id: Generated<number>;
  empresa_id: number;
  proveedor_id: number;
  username: string;
  canal: Generated<string>;
  creado: Creado;
}

export interface PlataformasCarrierTable {
  empresa_id: number;
  carrier: string;
  plataforma_empresa_id: number;
  actualizado: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ComentariosCarrierTable {
  empresa_id: number;
  carrier: string;
  comentario: string;
  actualizado: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The second platform user of a carrier, tried when the first certainly did not take a top-up (0027). */
export interface PlataformasRespaldoTable {
  empresa_id: number;
  carrier: string;
  plataforma_empresa_id: number;
  actualizado: ColumnType<Date, Date | string | undefined, Date | string>;
}
