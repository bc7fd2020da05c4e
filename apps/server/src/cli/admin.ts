import { parseArgs } from 'node:util';
import { NIVELES } from '@recargas/contracts/niveles';
import { esPermiso, PERMISOS } from '@recargas/contracts/permisos';
import { leerConfig } from '../config.ts';
import { abrirDb, type Db } from '../db/database.ts';
import { migrar } from '../db/migrate.ts';
import { ErrorApi } from '../lib/errores.ts';
import * as auth from '../modules/auth/service.ts';
import * as empresas from '../modules/empresas/service.ts';
import * as usuarios from '../modules/usuarios/service.ts';
import { leerPassword } from './clave.ts';
import { cambiarOperadores, cambiarPlataforma } from './proveedor.ts';

const AYUDA = `Uso:
  npm run admin -- create-company <codigo> <nombre> [--color #rrggbb] [--host fragmento]...
                   [--admin <username>]      (crea también su administrador, nivel 1)
  npm run admin -- create-user <empresa> <username> --nivel 0..3 [--nombre "..."]
                   [--permiso CLAVE]... [--ruta ruta]... [--dos-pasos]
  npm run admin -- reset-password <empresa> <username>
  npm run admin -- unlock <empresa> <username>      (borra sus esperas por intentos fallidos)
  npm run admin -- disable <empresa> <username>     (ya no puede entrar; cierra sus sesiones)
  npm run admin -- set-permissions <empresa> <username> [--permiso CLAVE]...   (sin ninguno: quita todos)
  npm run admin -- set-routes <empresa> <username> [--ruta ruta]...            (sin ninguna: sin restricción)
  npm run admin -- set-provider <empresa> <1|2> <simulador|reloadly|taecel|ninguno> [CUENTA]
                   (el proveedor de la plataforma; CUENTA: la de RELOADLY_<CUENTA>_*; sin reiniciar)
  npm run admin -- set-operators <empresa> <1|2> [T=1234 | T=TELABIERTO T:100=TEL100]...
                   (la elección propia por compañía: operador de Reloadly o producto de TAECEL,
                    T:100 solo para 100 pesos; sin ninguno: la automática)
  npm run admin -- help
  npm run admin -- rotate-two-step-keys   (recifra los secretos de dos pasos con la primera clave de DOS_PASOS_CLAVES)
Las contraseñas se piden sin eco en la terminal, o se leen de la entrada estándar, una por línea.
Usa DATABASE_URL o DATA_DIR como el servidor.`;

function fallar(mensaje: string): never {
  console.error(`${mensaje}\n\n${AYUDA}`);
  process.exit(2);
}

/** A bad option (an old `--password` among them) is one line and the usage, not a stack. */
function leerArgs() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        color: { type: 'string' },
        host: { type: 'string', multiple: true },
        admin: { type: 'string' },
        nivel: { type: 'string' },
        nombre: { type: 'string' },
        permiso: { type: 'string', multiple: true },
        ruta: { type: 'string', multiple: true },
        'dos-pasos': { type: 'boolean' },
      },
    });
  } catch (e) {
    fallar((e as Error).message);
  }
}
const { positionals, values } = leerArgs();

const [orden, ...args] = positionals;
const ORDENES = [
  'create-company',
  'create-user',
  'reset-password',
  'unlock',
  'disable',
  'set-permissions',
  'set-routes',
  'set-provider',
  'set-operators',
  'help',
  'rotate-two-step-keys',
];
if (!orden || !ORDENES.includes(orden)) fallar(orden ? `Orden desconocida: ${orden}` : 'Falta la orden');
if (orden === 'help') {
  console.log(AYUDA);
  process.exit(0);
}

async function nuevaPassword(para: string) {
  const password = await leerPassword(para);
  if (password.length < 8) throw new Error('La contraseña debe tener al menos 8 caracteres');
  return password;
}

async function crearEmpresa(db: Db) {
  const [codigo, nombre] = args;
  if (!codigo || !nombre) fallar('Faltan el código y el nombre de la empresa');
  if (values.color && !/^#[0-9a-f]{6}$/i.test(values.color)) fallar('El color debe ser #rrggbb');
  const password = values.admin ? await nuevaPassword(values.admin) : '';
  const id = await db.transaction().execute(async (tx) => {
    const id = await empresas.crear(
      tx,
      {
        codigo: codigo.toLowerCase(),
        nombre,
        ajustes: '{}',
        ...(values.color
          ? { primary_color: values.color, darken_color: values.color, accent_color: values.color }
          : {}),
      },
      values.host ?? [codigo.toLowerCase()],
    );
    if (values.admin) {
      const admin = {
        username: values.admin,
        nombre: `Administrador ${nombre}`,
        nivel: 1,
        permisos: PERMISOS,
      };
      await usuarios.crear(tx, { empresaId: id, ...admin, password, maxRecargas: 100000, isMonto: true });
    }
    return id;
  });
  console.log(`Empresa ${codigo} creada (id ${id})${values.admin ? `, administrador ${values.admin}` : ''}`);
}

async function crearUsuario(db: Db, empresaId: number, username: string) {
  const nivel = Number(values.nivel);
  if (!(NIVELES as readonly number[]).includes(nivel)) fallar('El nivel debe ser 0, 1, 2 o 3');
  const permisos = values.permiso ?? [];
  const invalido = permisos.find((p) => !esPermiso(p));
  if (invalido) fallar(`Permiso desconocido: ${invalido}`);
  const id = await usuarios.crear(db, {
    empresaId,
    username,
    nombre: values.nombre ?? username,
    password: await nuevaPassword(username),
    nivel,
    permisos,
    rutas: values.ruta ?? [],
    dosPasos: values['dos-pasos'] ?? false,
  });
  console.log(`Usuario ${username} creado (id ${id})`);
}

/** The commands on one account: create-user, reset-password, unlock, disable. */
async function enCuenta(db: Db) {
  const [codigo, username] = args;
  if (!codigo || !username) fallar('Faltan la empresa y el username');
  const empresa = await empresas.buscar(db, codigo).catch(() => {
    throw new Error(`No existe la empresa ${codigo}`);
  });
  const sinUsuario = () => new Error(`No existe el usuario ${username} en ${empresa.codigo}`);
  if (orden === 'create-user') return crearUsuario(db, empresa.id, username);
  // The services answer an unknown live user with the web's 404: here, the account named.
  const hecho = await cambiarCuenta(db, empresa.id, username).catch((e) => {
    throw e instanceof ErrorApi && e.status === 404 ? sinUsuario() : e;
  });
  console.log(`Usuario ${username} de ${empresa.codigo}: ${hecho}`);
}

async function cambiarCuenta(db: Db, empresaId: number, username: string) {
  if (orden === 'unlock') {
    if (!(await usuarios.porUsername(db, empresaId, username))) throw new ErrorApi(404, '');
    await auth.desbloquear(db, empresaId, username);
    return 'desbloqueado';
  }
  if (orden === 'disable') {
    await usuarios.deshabilitar(db, empresaId, username);
    return 'deshabilitado; sus sesiones se cerraron';
  }
  // Each on the audit trail, as the operator's (issue 22).
  if (orden === 'set-permissions') {
    const permisos = values.permiso ?? [];
    const invalido = permisos.find((p) => !esPermiso(p));
    if (invalido) fallar(`Permiso desconocido: ${invalido}`);
    await usuarios.cambiarLista(db, empresaId, username, 'permisos', [...new Set(permisos)].sort());
    return 'con permisos nuevos; sus sesiones se cerraron';
  }
  if (orden === 'set-routes') {
    await usuarios.cambiarLista(db, empresaId, username, 'rutas', [...new Set(values.ruta ?? [])]);
    return 'con rutas nuevas; sus sesiones se cerraron';
  }
  await usuarios.restablecerPassword(db, empresaId, username, await nuevaPassword(username));
  return 'con contraseña nueva; sus sesiones se cerraron';
}

/**
 * rotate-two-step-keys: how many secrets moved to the current key, and those no configured key
 * reads, by key id (exit code 1: removing a key now would lock those users out).
 */
async function rotarDosPasos(db: Db) {
  const r = await auth.rotarClavesDosPasos(db, config);
  const ilegibles = [...r.ilegibles.values()].reduce((a, n) => a + n, 0);
  console.log(`Secretos de dos pasos recifrados con la clave ${r.actual}: ${r.recifrados}`);
  console.log(`Sin poder leerse: ${ilegibles}`);
  if (ilegibles === 0) return;
  const claves = [...r.ilegibles].map(([clave, n]) => `${clave} (${n})`).join(', ');
  console.error(`Ninguna clave configurada los lee; faltan o no abren las claves: ${claves}`);
  process.exitCode = 1;
}

// The lock of an embedded database (db/candado.ts) is taken here: with the server up, this stops.
// A bad setting (config.ts names the variable) is its one line, as for the server.
const config = (() => {
  try {
    return leerConfig();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
})();
const db = await abrirDb(config);
try {
  await migrar(db);
  if (orden === 'create-company') await crearEmpresa(db);
  else if (orden === 'set-provider') console.log(await cambiarPlataforma(db, config, args, fallar));
  else if (orden === 'set-operators') console.log(await cambiarOperadores(db, args, fallar));
  else if (orden === 'rotate-two-step-keys') await rotarDosPasos(db);
  else await enCuenta(db);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
