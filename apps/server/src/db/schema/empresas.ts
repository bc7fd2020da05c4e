import type { AjustesEmpresa } from '@recargas/contracts/empresas';
import type { ColumnType, Generated } from 'kysely';
import type { Creado, Json } from './tipos.ts';

export interface EmpresasTable {
  id: Generated<number>;
  codigo: string;
  nombre: string;
  primary_color: Generated<string>;
  darken_color: Generated<string>;
  accent_color: Generated<string>;
  background_color: Generated<string>;
  font_color: Generated<string>;
  imagen_fondo: string | null;
  imagen_fondo_in: string | null;
  izquierdo_login: Generated<string>;
  hide_nav: Generated<string>;
  image: string | null;
  barra: string | null;
  recarga_sin_usuario: Generated<boolean>;
  max_recargas_sin_usuario: Generated<number>;
  ajustes: Json<Partial<AjustesEmpresa>>;
  alerta: string | null;
  creada: Creado;
  /** Changes with everything a top-up reads of the company (migration 0014, kept by triggers). */
  version: Generated<number>;
}

export interface EmpresaHostsTable {
  fragmento: string;
  empresa_id: number;
}

/** Settings (0012): the company's logo, and one row per setting an administrator changed. */
export interface EmpresaLogosTable {
  empresa_id: number;
  tipo: string;
  /** bytea: a Buffer from pg, a Uint8Array from PGlite. */
  datos: ColumnType<Uint8Array, Buffer, Buffer>;
  actualizado: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A company's platforms 1 and 2 (empresas/repo.ts PLATAFORMAS), made with it: their provider and minimum. */
export interface ProveedoresTable {
  id: Generated<number>;
  empresa_id: number;
  numero: number;
  codigo: string;
  nombre: string;
  /** simulador, reloadly or ninguno (0025, 0037; default ninguno: no provider). */
  adaptador: Generated<string>;
  minimo: Generated<number>;
  /** The Reloadly account's name of a `reloadly` row (0025). */
  cuenta: ColumnType<string | null, string | null | undefined, string | null>;
  /** The company's choice per carrier: Reloadly operator ids or TAECEL product codes (0025, set-operators). */
  operadores: ColumnType<Record<string, number | string>, string | undefined, string>;
}
