import type { AjustesEmpresa } from '@recargas/contracts/empresas';
import type { ColumnType, Generated } from 'kysely';

/** Row types of the tables made by migrations/ (kept by hand, checked by the tests). */
type Creado = ColumnType<Date, Date | string | undefined, never>;
type Json<T> = ColumnType<T, string, string>;

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

export interface SesionesTable {
  id: string;
  usuario_id: number;
  empresa_id: number;
  secreto_hash: string;
  expira: Date;
  revocada: Date | null;
  ip: string | null;
  creada: Creado;
}

export interface IntentosLoginTable {
  clave: string;
  fallos: number;
  desde: Date;
  bloqueado_hasta: Date | null;
}

export interface ProveedoresTable {
  id: Generated<number>;
  empresa_id: number;
  numero: number;
  codigo: string;
  nombre: string;
  adaptador: Generated<string>;
  minimo: Generated<number>;
}

export interface RecargasTable {
  id: Generated<number>;
  empresa_id: number;
  usuario_id: number | null;
  idempotencia: string;
  proveedor_id: number;
  icc: string;
  dn: string;
  compania: string;
  monto: number;
  tipo: string;
  tipo_recarga: number;
  folio_externo: string | null;
  estado: Generated<'pendiente' | 'enviada' | 'exitosa' | 'fallida'>;
  mensaje: string | null;
  folio: string | null;
  lider_id: number | null;
  cliente_id: number | null;
  dia: ColumnType<string, string, string>;
  creada: Creado;
  enviada: Date | null;
  terminada: Date | null;
  consultas: Generated<number>;
  /** The inventory line a top-up by ICC locked (0004). */
  linea_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The platform user of the carrier the top-up was sent with (0007). */
  plataforma_usuario_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Fingerprint of the request that first used the key (0016); null: a resource's key, or older. */
  huella: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ConteoRecargasTable {
  empresa_id: number;
  usuario_id: number;
  dia: ColumnType<string, string, string>;
  n: number;
  limite: Generated<number>;
}

export interface AlertasSaldoTable {
  id: Generated<number>;
  empresa_id: number;
  proveedor_id: number;
  bolsa: string;
  saldo: number;
  minimo: number;
  creada: Creado;
  cerrada: Date | null;
}

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

/** Port-outs (0009). */
export interface PortabilidadesTable {
  id: Generated<number>;
  empresa_id: number;
  icc: string;
  lider_nombre: string | null;
  cliente_nombre: string | null;
  inter: string | null;
  insertada: Creado;
  usuario_id: number | null;
  monto_recarga: number | null;
  nip: string | null;
  carrier_origen: string | null;
  carrier_destino: string | null;
  dn_origen: string | null;
  dn_destino: string | null;
  fecha_porta: Date | null;
  is_port: Generated<boolean>;
  mensaje_porta: string | null;
  fecha_recarga: Date | null;
  recarga_id: number | null;
  intentos_recarga: Generated<number>;
  actualizada: ColumnType<Date, Date | string | undefined, Date | string>;
}

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

/** Notifications (0008): one push subscription per browser, the in-app list, deliveries per channel. */
export interface SuscripcionesPushTable {
  id: Generated<number>;
  empresa_id: number;
  usuario_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  creada: Creado;
}

export interface NotificacionesTable {
  id: Generated<number>;
  empresa_id: number;
  usuario_id: number;
  clave: string;
  titulo: string;
  cuerpo: string;
  creada: Creado;
  leida: Date | null;
}

export interface EntregasTable {
  id: Generated<number>;
  empresa_id: number;
  clave: string;
  canal: 'webpush' | 'correo';
  destino: string;
  titulo: string;
  cuerpo: string;
  estado: Generated<'pendiente' | 'enviando' | 'enviada' | 'fallida'>;
  intentos: Generated<number>;
  error: string | null;
  creada: Creado;
  terminada: Date | null;
}

export interface CorreosNotificacionTable {
  empresa_id: number;
  correo: string;
}

export interface DB {
  empresas: EmpresasTable;
  empresa_hosts: EmpresaHostsTable;
  lideres: LideresTable;
  clientes: ClientesTable;
  usuarios: UsuariosTable;
  permisos: PermisosTable;
  usuario_permisos: UsuarioPermisosTable;
  usuario_rutas: UsuarioRutasTable;
  sesiones: SesionesTable;
  intentos_login: IntentosLoginTable;
  proveedores: ProveedoresTable;
  recargas: RecargasTable;
  conteo_recargas: ConteoRecargasTable;
  alertas_saldo: AlertasSaldoTable;
  lineas: LineasTable;
  plataformas_empresa: PlataformasEmpresaTable;
  plataformas_carrier: PlataformasCarrierTable;
  comentarios_carrier: ComentariosCarrierTable;
  actualizaciones: ActualizacionesTable;
  actualizaciones_leidas: ActualizacionesLeidasTable;
  suscripciones_push: SuscripcionesPushTable;
  notificaciones: NotificacionesTable;
  entregas: EntregasTable;
  correos_notificacion: CorreosNotificacionTable;
  portabilidades: PortabilidadesTable;
  bloques: BloquesTable;
  bloque_lineas: BloqueLineasTable;
  programaciones: ProgramacionesTable;
  reciclajes: ReciclajesTable;
  empresa_logos: EmpresaLogosTable;
  configuraciones_auditoria: ConfiguracionesAuditoriaTable;
  ventas_dia_hechos: VentasDiaHechosTable;
  ventas_dia: VentasDiaTable;
  subidas_en_curso: SubidasEnCursoTable;
  subidas_deshacer: SubidasDeshacerTable;
}

/** An upload being written chunk by chunk on the embedded database (0017, subidas/tramos.ts). */
export interface SubidasEnCursoTable {
  id: Generated<number>;
  empresa_id: number;
  accion: number;
  creada: Creado;
}

/** How to undo one chunk of an upload in progress (0017): jsonb arrays of whole rows. */
export interface SubidasDeshacerTable {
  id: Generated<number>;
  subida_id: number;
  tabla: 'lineas' | 'portabilidades';
  /** Ids of the rows the chunk inserted (deleted on undo). */
  insertadas: ColumnType<number[], string | undefined, never>;
  /** The rows it changed, as they were (their changed columns are restored on undo). */
  cambiadas: ColumnType<unknown[] | null, string | null | undefined, never>;
  /** The rows it deleted (inserted again on undo). */
  borradas: ColumnType<unknown[] | null, string | null | undefined, never>;
}

/** Day totals of top-ups (0013): which days are summed, and their sums. */
export interface VentasDiaHechosTable {
  empresa_id: number;
  zona: string;
  dia: string;
}
export interface VentasDiaTable {
  empresa_id: number;
  zona: string;
  dia: string;
  lider_id: number;
  plataforma: number;
  recargas: number;
  monto: number;
}

/** Bulk top-ups (0010): a block of lines uploaded by action 4. */
export interface BloquesTable {
  id: Generated<number>;
  empresa_id: number;
  subido_por: number | null;
  creado: Creado;
  /** Upload time in ms, the block's name (bigint read as a number, see database.ts). */
  fecha_numerica: ColumnType<number, number, never>;
}

export interface BloqueLineasTable {
  id: Generated<number>;
  empresa_id: number;
  bloque_id: number;
  icc: string;
  dn: Generated<string>;
  monto: number | null;
  compania: string;
  nombre: Generated<string>;
  intento: Generated<number>;
  mensaje: string | null;
  en_cola_hasta: Date | null;
  programacion_id: number | null;
  programada_para: Date | null;
  trabajo_id: string | null;
}

export interface ProgramacionesTable {
  id: Generated<number>;
  empresa_id: number;
  bloque_id: number;
  usuario_id: number | null;
  inicio: Date;
  fin: Date;
  lineas: number;
  creada: Creado;
  cancelada: Date | null;
}

/** Settings (0012): the company's logo, and one row per setting an administrator changed. */
export interface EmpresaLogosTable {
  empresa_id: number;
  tipo: string;
  /** bytea: a Buffer from pg, a Uint8Array from PGlite. */
  datos: ColumnType<Uint8Array, Buffer, Buffer>;
  actualizado: ColumnType<Date, Date | string | undefined, Date | string>;
}

type ValorAuditado = string | boolean | null;

export interface ConfiguracionesAuditoriaTable {
  id: Generated<number>;
  empresa_id: number;
  usuario_id: number;
  fecha: Creado;
  ajuste: string;
  anterior: ColumnType<ValorAuditado, string, never>;
  nuevo: ColumnType<ValorAuditado, string, never>;
}
