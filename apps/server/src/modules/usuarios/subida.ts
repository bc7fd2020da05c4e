import { M, texto } from '@recargas/contracts/mensajes';
import { NIVEL } from '@recargas/contracts/niveles';
import {
  type PeticionRegistrarUsuario,
  peticionRegistrarUsuario,
  SIN_LIDER,
} from '@recargas/contracts/usuarios';
import type { Ctx } from '../../contexto.ts';
import { ErrorApi } from '../../lib/errores.ts';
import * as lineas from '../lineas/service.ts';
import * as subidas from '../subidas/service.ts';
import * as usuarios from './service.ts';

/** What the users add to the uploads (registros.ts): action 7. */
export function registrarSubidaUsuarios() {
  subidas.registrarAccion([7], {
    encabezados: (_ctx, _u, encabezados) =>
      subidas.revisarPlantilla(encabezados, subidas.PLANTILLAS.registroUsuarios),
    subir: (ctx, u, _o, columnas, filas) => subirUsuarios(ctx, u, columnas, filas),
  });
}

/** Rows of one action 7 file: each password is hashed (argon2id), so fewer than for lines. */
export const MAX_FILAS_USUARIOS = 1000;

/** Which column of the registroUsuarios template a field of the user contract is typed in. */
const COLUMNA_CAMPO: Record<string, (typeof subidas.PLANTILLAS.registroUsuarios)[number]> = {
  username: 'USERNAME',
  nombre: 'NOMBRE',
  password: 'PASSWORD',
  nivel: 'NIVEL',
  lider: 'LIDER',
  liderNuevo: 'LIDER',
  cliente: 'CLIENTE',
  clienteNuevo: 'CLIENTE',
  phoneNumber: 'TELEFONO',
  maxRecargas: 'MAX_RECARGAS',
};

/** What checking one row of an action 7 file needs, and what earlier rows left for later ones. */
interface Archivo {
  idx: (h: string) => number;
  valor: (leida: subidas.FilaLeida, h: string) => string;
  liderPorNombre: Map<string, number>;
  /** Clients by `leaderId:name`. */
  clientePor: Map<string, number>;
  /** Usernames the company already has. */
  tomados: Set<string>;
  quien: usuarios.Quien;
  /** Usernames of earlier valid rows. */
  vistos: Set<string>;
  /** Leaders founded by earlier valid rows: a later client row may name one (rows go in file order). */
  lideresNuevos: Set<string>;
}

/**
 * Action 7, Registrar Usuarios: each row is what the new-user form would send, checked by the
 * same contract and rules (levels 2 and 3 only; a client needs USUARIO_CLIENTE). LIDER and
 * CLIENTE are names: an existing leader or client is used; a new name founds a leader (level 2)
 * or a client of the leader (level 3); rows go in file order, so a client row may name a leader
 * founded by an earlier row. Usernames repeated in the file or already taken are
 * duplicates. The valid rows are written in one transaction.
 */
async function subirUsuarios(
  ctx: Ctx,
  u: subidas.Subidor,
  columnas: string[],
  filas: subidas.FilaLeida[],
): Promise<subidas.ResultadoSubida> {
  if (filas.length > MAX_FILAS_USUARIOS)
    throw new ErrorApi(400, texto('archivoDemasiadasFilas', { max: MAX_FILAS_USUARIOS }));
  const idx = (h: string) => columnas.indexOf(h);
  const valor = (leida: subidas.FilaLeida, h: string) => leida.valores[idx(h)] ?? '';
  const { lideres, clientes } = await lineas.lideresYClientes(ctx.db, u.empresaId);
  const archivo: Archivo = {
    idx,
    valor,
    liderPorNombre: new Map(lideres.map((l) => [l.nombre.trim().toLowerCase(), l.id])),
    clientePor: new Map(clientes.map((c) => [`${c.lider_id}:${c.nombre.trim().toLowerCase()}`, c.id])),
    tomados: await usuarios.usernamesExistentes(
      ctx,
      u.empresaId,
      filas.map((f) => valor(f, 'USERNAME')).filter((n) => n !== ''),
    ),
    quien: { ...u, liderId: u.liderId },
    vistos: new Set(),
    lideresNuevos: new Set(),
  };
  const revisiones = await subidas.revisarFilas(filas, (leida) => revisarUsuario(archivo, leida));
  const validas = revisiones.flatMap((r) => (r.usuario ? [r.usuario] : []));
  if (validas.length > 0)
    await usuarios.registrarVarios(ctx, archivo.quien, validas, subidas.avanzador('escribiendo'));
  return subidas.respuesta(7, columnas, revisiones);
}

/** One row of an action 7 file: erroneous, duplicate, or the user the form would register. */
function revisarUsuario(
  a: Archivo,
  leida: subidas.FilaLeida,
): subidas.Revision & { usuario?: PeticionRegistrarUsuario } {
  const { idx } = a;
  const errores = new Map<number, string>();
  const v = (h: string) => a.valor(leida, h);
  const nivel = Number(v('NIVEL'));
  const lider = v('LIDER');
  const liderId = a.liderPorNombre.get(lider.toLowerCase());
  const delArchivo = liderId === undefined && a.lideresNuevos.has(lider.toLowerCase());
  const cliente = v('CLIENTE');
  const clienteId =
    liderId === undefined ? undefined : a.clientePor.get(`${liderId}:${cliente.toLowerCase()}`);
  // A client without its leader would fail the whole file's write (resolverJerarquia): its cell.
  if (nivel === NIVEL.cliente && liderId === undefined && !delArchivo)
    errores.set(idx('LIDER'), lider === '' ? M.clienteSinLider : M.lineaLiderInvalido);
  const p = peticionRegistrarUsuario.safeParse({
    username: v('USERNAME'),
    nombre: v('NOMBRE'),
    password: v('PASSWORD'),
    nivel: v('NIVEL'),
    lider: liderId ?? SIN_LIDER,
    ...((nivel === NIVEL.lider && liderId === undefined && lider !== '') || delArchivo
      ? { liderNuevo: lider }
      : {}),
    ...(clienteId !== undefined ? { cliente: clienteId } : cliente !== '' ? { clienteNuevo: cliente } : {}),
    phoneNumber: v('TELEFONO'),
    maxRecargas: v('MAX_RECARGAS'),
  });
  if (!p.success) {
    for (const issue of p.error.issues) {
      const i = idx(COLUMNA_CAMPO[String(issue.path[0])] ?? 'USERNAME');
      if (!errores.has(i)) errores.set(i, issue.message);
    }
    return { leida, estado: 'erroneo', errores };
  }
  try {
    usuarios.revisarRegistro(a.quien, p.data);
  } catch (e) {
    if (!(e instanceof ErrorApi)) throw e;
    errores.set(idx('NIVEL'), e.message);
  }
  if (errores.size > 0) return { leida, estado: 'erroneo', errores };
  const username = p.data.username.toLowerCase();
  if (a.vistos.has(username) || a.tomados.has(username)) {
    errores.set(
      idx('USERNAME'),
      a.vistos.has(username)
        ? M.usuarioRepetidoArchivo
        : texto('usuarioYaExiste', { username: p.data.username }),
    );
    return { leida, estado: 'duplicado', errores };
  }
  a.vistos.add(username);
  if (p.data.nivel === NIVEL.lider && p.data.lider === SIN_LIDER)
    a.lideresNuevos.add((p.data.liderNuevo ?? p.data.nombre).toLowerCase());
  return { leida, estado: 'correcto', errores, usuario: p.data };
}
