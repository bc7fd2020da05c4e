import { parseArgs } from 'node:util';
import { NIVELES } from '@recargas/contracts/niveles';
import { esPermiso } from '@recargas/contracts/permisos';
import { leerConfig } from '../config.ts';
import { abrirDb } from '../db/database.ts';
import { migrar } from '../db/migrate.ts';
import * as empresas from '../modules/empresas/service.ts';
import * as usuarios from '../modules/usuarios/service.ts';

const AYUDA = `Uso:
  npm run admin -- create-company <codigo> <nombre> [--color #rrggbb] [--host fragmento]...
  npm run admin -- create-user <empresa> <username> --nivel 0..3 --password <clave> [--nombre "..."]
                   [--permiso CLAVE]... [--ruta ruta]... [--dos-pasos]
Usa DATABASE_URL o DATA_DIR como el servidor.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    color: { type: 'string' },
    host: { type: 'string', multiple: true },
    nivel: { type: 'string' },
    password: { type: 'string' },
    nombre: { type: 'string' },
    permiso: { type: 'string', multiple: true },
    ruta: { type: 'string', multiple: true },
    'dos-pasos': { type: 'boolean' },
  },
});

function fallar(mensaje: string): never {
  console.error(`${mensaje}\n\n${AYUDA}`);
  process.exit(2);
}

const [orden, ...args] = positionals;
const db = await abrirDb(leerConfig());
await migrar(db);
try {
  if (orden === 'create-company') {
    const [codigo, nombre] = args;
    if (!codigo || !nombre) fallar('Faltan el código y el nombre de la empresa');
    if (values.color && !/^#[0-9a-f]{6}$/i.test(values.color)) fallar('El color debe ser #rrggbb');
    const { id } = await db
      .insertInto('empresas')
      .values({
        codigo: codigo.toLowerCase(),
        nombre,
        ajustes: '{}',
        ...(values.color
          ? { primary_color: values.color, darken_color: values.color, accent_color: values.color }
          : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const hosts = values.host ?? [codigo.toLowerCase()];
    await db
      .insertInto('empresa_hosts')
      .values(hosts.map((fragmento) => ({ fragmento, empresa_id: id })))
      .execute();
    console.log(`Empresa ${codigo} creada (id ${id})`);
  } else if (orden === 'create-user') {
    const [codigo, username] = args;
    if (!codigo || !username) fallar('Faltan la empresa y el username');
    const nivel = Number(values.nivel);
    if (!(NIVELES as readonly number[]).includes(nivel)) fallar('El nivel debe ser 0, 1, 2 o 3');
    if (!values.password || values.password.length < 8)
      fallar('La contraseña debe tener al menos 8 caracteres');
    const permisos = values.permiso ?? [];
    const invalido = permisos.find((p) => !esPermiso(p));
    if (invalido) fallar(`Permiso desconocido: ${invalido}`);
    const empresa = await empresas.buscar(db, codigo);
    const id = await usuarios.crear(db, {
      empresaId: empresa.id,
      username,
      nombre: values.nombre ?? username,
      password: values.password,
      nivel,
      permisos,
      rutas: values.ruta ?? [],
      dosPasos: values['dos-pasos'] ?? false,
    });
    console.log(`Usuario ${username} creado en ${empresa.codigo} (id ${id})`);
  } else {
    fallar(orden ? `Orden desconocida: ${orden}` : 'Falta la orden');
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
