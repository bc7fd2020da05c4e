import { conParametros } from '@recargas/contracts/api';
import {
  API_USUARIOS,
  type RespuestaLideres,
  type RespuestaMensajeUsuario,
  type RespuestaUsuarios,
  type UsuarioFila,
} from '@recargas/contracts/usuarios';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { type Parametros, useListaPaginada } from '../../lib/lista.ts';
import type { Avisos } from '../../lib/mutaciones.ts';

export const claveUsuario = (id: number | undefined) => [API_USUARIOS.usuario, id];

/** The user list, keyset-paged with chip filters. */
export const useUsuarios = (parametros: Parametros) =>
  useListaPaginada<RespuestaUsuarios, UsuarioFila>(API_USUARIOS.usuarios, parametros, (p) => p.usuarios);

/** One user, fresh each time the screen opens it. */
export const useUsuario = (id: number | undefined) =>
  useQuery({
    queryKey: claveUsuario(id),
    queryFn: () => api<UsuarioFila>(conParametros(API_USUARIOS.usuario, { id: id ?? 0 })),
    enabled: id !== undefined,
    staleTime: 0,
  });

/** A level-2 user's own leader: the one leader it may see. */
export const useLiderPropio = (habilitada: boolean) =>
  useQuery({
    queryKey: [API_USUARIOS.lideres, 'propio'],
    queryFn: () => api<RespuestaLideres>(`${API_USUARIOS.lideres}?limit=1`),
    enabled: habilitada,
  });

/** Registers a new user, or saves the edit of an existing one. */
export const guardarUsuario = (nuevo: boolean, cuerpo: object) =>
  api<RespuestaMensajeUsuario>(nuevo ? API_USUARIOS.registrar : API_USUARIOS.editar, { cuerpo });

export const eliminarUsuario = (id: number) =>
  api<RespuestaMensajeUsuario>(API_USUARIOS.eliminar, { cuerpo: { id } });

/** Permiso Monto of one leader or client. */
export const cambiarPermisoMonto = (username: string, isMonto: boolean) =>
  api<RespuestaMensajeUsuario>(API_USUARIOS.guardarMontos, { cuerpo: { username, isMonto } });

/** After a change the lists and pickers load again. */
export const refrescarUsuarios = (consultas: QueryClient) => {
  for (const ruta of [API_USUARIOS.usuarios, API_USUARIOS.lideres, API_USUARIOS.clientes]) {
    void consultas.invalidateQueries({ queryKey: [ruta] });
  }
};

/** Registers a new user or saves the edit of user `id`; the lists, pickers and edited user load again. */
export function useGuardarUsuario(avisos: Avisos<RespuestaMensajeUsuario>) {
  const consultas = useQueryClient();
  return useMutation({
    mutationFn: (v: { registrar: boolean; id: number | undefined; cuerpo: object }) =>
      guardarUsuario(v.registrar, v.cuerpo),
    onSuccess: (r, v) => {
      avisos.onSuccess(r);
      if (!v.registrar) void consultas.invalidateQueries({ queryKey: claveUsuario(v.id) });
      refrescarUsuarios(consultas);
    },
    onError: avisos.onError,
  });
}

/** Deletes user `id`: the lists load again and the user's own query is dropped. */
export function useEliminarUsuario(id: number | undefined, avisos: Avisos<RespuestaMensajeUsuario>) {
  const consultas = useQueryClient();
  return useMutation({
    mutationFn: () => eliminarUsuario(id ?? 0),
    onSuccess: (r) => {
      refrescarUsuarios(consultas);
      consultas.removeQueries({ queryKey: claveUsuario(id) });
      avisos.onSuccess(r);
    },
    onError: avisos.onError,
  });
}
