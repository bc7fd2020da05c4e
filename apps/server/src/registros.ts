import { escribirExcel } from './modules/excel/service.ts';
import { registrarSubidasLineas } from './modules/lineas/subida.ts';
import { registrarSubidaPortabilidades } from './modules/portabilidades/subida.ts';
import { registrarArchivador } from './modules/subidas/service.ts';
import { registrarSubidaUsuarios } from './modules/usuarios/subida.ts';

/**
 * What each area adds to a generic module that serves them all (subidas: its upload actions, its
 * templates' extra columns, the undo of its tables, the writer of its rejected rows), so that
 * module imports none of them. Run before anything is served, by the API (app.ts) and the worker
 * (worker.ts); registering again (tests build many apps in one process) replaces the same entries.
 */
export function registrarAreas() {
  registrarSubidasLineas();
  registrarSubidaPortabilidades();
  registrarSubidaUsuarios();
  // The upload's rejected rows are an export like any other (excel/service.ts).
  registrarArchivador(escribirExcel);
}
