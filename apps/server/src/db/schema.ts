import type { ActualizacionesTable } from './schema/actualizaciones.ts';
import type { AuditoriaTable } from './schema/auditoria.ts';
import type { IntentosLoginTable, SesionesTable } from './schema/auth.ts';
import type {
  ComentariosCarrierTable,
  PlataformasCarrierTable,
  PlataformasEmpresaTable,
  PlataformasRespaldoTable,
} from './schema/carriers.ts';
import type { ConciliacionDiferenciasTable, ConciliacionesTable } from './schema/conciliaciones.ts';
import type {
  EmpresaHostsTable,
  EmpresaLogosTable,
  EmpresasTable,
  ProveedoresTable,
} from './schema/empresas.ts';
import type { ExcelArchivosTable, ExcelTrozosTable } from './schema/excel.ts';
import type {
  EntregasWebhookTable,
  EventosWebhookTable,
  IntentosWebhookTable,
  LlavesApiTable,
  RecargasApiTable,
  WebhooksTable,
} from './schema/integraciones.ts';
import type { LineasTable } from './schema/lineas.ts';
import type { BloqueLineasTable, BloquesTable, ProgramacionesTable } from './schema/masivas.ts';
import type {
  ClavesVapidTable,
  CorreosNotificacionTable,
  EntregasTable,
  NotificacionesTable,
  SuscripcionesPushTable,
} from './schema/notificaciones.ts';
import type { PortabilidadesTable } from './schema/portabilidades.ts';
import type { ConteoRecargasTable, RecargasEnCursoTable, RecargasTable } from './schema/recargas.ts';
import type { ReciclajesTable } from './schema/reciclaje.ts';
import type { VentasDiaHechosTable, VentasDiaTable } from './schema/reportes.ts';
import type { AlertasSaldoTable, EstadosProveedorTable } from './schema/saldos.ts';
import type { SubidasDeshacerTable, SubidasEnCursoTable } from './schema/subidas.ts';
import type {
  ClientesTable,
  LideresTable,
  PermisosTable,
  UsuarioPermisosTable,
  UsuarioRutasTable,
  UsuariosTable,
} from './schema/usuarios.ts';

// Importers name a table's row type from here.
export type * from './schema/actualizaciones.ts';
export type * from './schema/auth.ts';
export type * from './schema/carriers.ts';
export type * from './schema/conciliaciones.ts';
export type * from './schema/empresas.ts';
export type * from './schema/excel.ts';
export type * from './schema/integraciones.ts';
export type * from './schema/lineas.ts';
export type * from './schema/masivas.ts';
export type * from './schema/notificaciones.ts';
export type * from './schema/portabilidades.ts';
export type * from './schema/recargas.ts';
export type * from './schema/reciclaje.ts';
export type * from './schema/reportes.ts';
export type * from './schema/saldos.ts';
export type * from './schema/subidas.ts';
export type * from './schema/usuarios.ts';

/** Row types of the tables made by migrations/ (kept by hand, checked by the tests), by area in schema/. */
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
  recargas_en_curso: RecargasEnCursoTable;
  conteo_recargas: ConteoRecargasTable;
  alertas_saldo: AlertasSaldoTable;
  lineas: LineasTable;
  plataformas_empresa: PlataformasEmpresaTable;
  plataformas_carrier: PlataformasCarrierTable;
  plataformas_respaldo: PlataformasRespaldoTable;
  estados_proveedor: EstadosProveedorTable;
  comentarios_carrier: ComentariosCarrierTable;
  actualizaciones: ActualizacionesTable;
  suscripciones_push: SuscripcionesPushTable;
  notificaciones: NotificacionesTable;
  entregas: EntregasTable;
  correos_notificacion: CorreosNotificacionTable;
  claves_vapid: ClavesVapidTable;
  portabilidades: PortabilidadesTable;
  bloques: BloquesTable;
  bloque_lineas: BloqueLineasTable;
  programaciones: ProgramacionesTable;
  reciclajes: ReciclajesTable;
  empresa_logos: EmpresaLogosTable;
  auditoria: AuditoriaTable;
  ventas_dia_hechos: VentasDiaHechosTable;
  ventas_dia: VentasDiaTable;
  subidas_en_curso: SubidasEnCursoTable;
  subidas_deshacer: SubidasDeshacerTable;
  excel_archivos: ExcelArchivosTable;
  excel_trozos: ExcelTrozosTable;
  llaves_api: LlavesApiTable;
  webhooks: WebhooksTable;
  recargas_api: RecargasApiTable;
  eventos_webhook: EventosWebhookTable;
  entregas_webhook: EntregasWebhookTable;
  intentos_webhook: IntentosWebhookTable;
  conciliaciones: ConciliacionesTable;
  conciliacion_diferencias: ConciliacionDiferenciasTable;
}
