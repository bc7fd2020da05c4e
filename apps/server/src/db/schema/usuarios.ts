import type { Generated } from 'kysely';
import type { Creado } from './tipos.ts';

export interface LideresTable {
  id: Generated<number>;
  empresa_id: number;
  nombre: string;
}

export interface ClientesTable {
  id: Generated<number>;
  empresa_id: number;
  lider_id: number;
  nombre: string;
}

export interface UsuariosTable {
  id: Generated<number>;
  empresa_id: number;
  username: string;
  nombre: string;
  password_hash: string;
  nivel: number;
  lider_id: number | null;
  cliente_id: number | null;
  telefono: string | null;
  max_recargas: Generated<number>;
  is_monto: Generated<boolean>;
  dos_pasos: Generated<boolean>;
  totp_secreto: string | null;
  totp_confirmado: Generated<boolean>;
  totp_ultimo_paso: number | null;
  creado_por: number | null;
  eliminado: Date | null;
  creado: Creado;
  /** Kept by triggers (0044): changes with the row, its permissions and its route whitelist. */
  version: Generated<number>;
}

export interface PermisosTable {
  clave: string;
}

export interface UsuarioPermisosTable {
  usuario_id: number;
  clave: string;
}

export interface UsuarioRutasTable {
  usuario_id: number;
  ruta: string;
  orden: number;
}
