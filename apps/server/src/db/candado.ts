import { linkSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database (PGlite in DATA_DIR) is one process's files: a second process that opens
 * them too writes over the first one's pages (issue 20: a company made by the CLI while the
 * server ran was gone after a restart). Whoever opens the folder holds DATA_DIR/recargas.lock
 * (its pid); another process refuses while that pid lives. A lock left by a dead process (a
 * crash, SIGKILL) is taken over.
 */
export class BaseEnUso extends Error {}

const ARCHIVO = 'recargas.lock';

/** Locks held by this process, by folder: opening the same folder twice here is allowed. */
const tomados = new Map<string, number>();

const vive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, under another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Creates `ruta` holding our pid; false when it exists. Written aside and linked into place, so
 * nobody ever reads it empty (an empty lock would look stale).
 */
function crear(ruta: string) {
  const aparte = `${ruta}.${process.pid}`;
  writeFileSync(aparte, `${process.pid}\n`, { mode: 0o600 });
  try {
    linkSync(aparte, ruta);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  } finally {
    rmSync(aparte, { force: true });
  }
}

const pidEn = (ruta: string) => {
  try {
    return Number.parseInt(readFileSync(ruta, 'utf8'), 10) || 0;
  } catch {
    return 0;
  }
};

/**
 * Takes the lock of `carpeta` or throws BaseEnUso. Returns its release. Taking over a stale lock
 * happens under a second, short-lived file, so two processes doing it at once cannot both win.
 */
export function tomarCandado(carpeta: string): () => void {
  const ruta = join(carpeta, ARCHIVO);
  const propios = tomados.get(carpeta) ?? 0;
  if (propios === 0) {
    while (!crear(ruta)) {
      const pid = pidEn(ruta);
      // Our own pid in the file and no lock of ours: left by an earlier life of this pid (a
      // container restarted as pid 1).
      if (pid > 0 && pid !== process.pid && vive(pid)) {
        throw new BaseEnUso(
          `La base de datos embebida en ${carpeta} está abierta por otro proceso (pid ${pid}); deténgalo primero o use DATABASE_URL.`,
        );
      }
      relevar(ruta, pid);
    }
  }
  tomados.set(carpeta, propios + 1);
  let suelto = false;
  const soltar = () => {
    if (suelto) return;
    suelto = true;
    const quedan = (tomados.get(carpeta) ?? 1) - 1;
    if (quedan > 0) return void tomados.set(carpeta, quedan);
    tomados.delete(carpeta);
    process.off('exit', soltar);
    if (pidEn(ruta) === process.pid) rmSync(ruta, { force: true });
  };
  process.on('exit', soltar);
  return soltar;
}

/** Removes the stale lock of `pid`, unless another process took it over meanwhile. */
function relevar(ruta: string, pid: number) {
  const toma = `${ruta}.toma`;
  if (!crear(toma)) {
    // A takeover in course, or one that died within it (seconds old at most).
    try {
      if (Date.now() - statSync(toma).mtimeMs > 10_000) rmSync(toma, { force: true });
    } catch {}
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    return;
  }
  try {
    if (pidEn(ruta) === pid) rmSync(ruta, { force: true });
  } finally {
    rmSync(toma, { force: true });
  }
}
