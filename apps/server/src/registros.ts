import { registrarSubidasLineas } from './modules/lineas/subida.ts';
import { registrarSubidaPortabilidades } from './modules/portabilidades/subida.ts';
import { registrarSubidaUsuarios } from './modules/usuarios/subida.ts';

/**
 * What each area adds to a generic module that serves them all (subidas: its upload actions, its
 * templates' extra columns, the undo of its tables), so that module imports none of them. Run
 * before anything is served, by the API (app.ts) and the worker (worker.ts); registering again
 * (tests build many apps in one process) replaces the same entries.
 */
export function registrarAreas() {
  registrarSubidasLineas();
  registrarSubidaPortabilidades();
  registrarSubidaUsuarios();
}
