import {
  API_EMPRESAS,
  type CambioAuditado,
  type CambioConfiguraciones,
  type Configuraciones,
  type RespuestaAuditoria,
  type RespuestaConfiguraciones,
} from '@recargas/contracts/empresas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { claveEmpresa } from '../../lib/empresa.ts';
import { useListaPaginada } from '../../lib/lista.ts';
import type { Avisos } from '../../lib/mutaciones.ts';
import { guardarFunciones } from '../../lib/sesionConAjustes.ts';

export const CLAVE_CONFIGURACIONES = [API_EMPRESAS.configuraciones];
export const CLAVE_AUDITORIA = [API_EMPRESAS.auditoria];

/** The company's saved colours and features. */
export const useConfiguraciones = () =>
  useQuery({
    queryKey: CLAVE_CONFIGURACIONES,
    queryFn: () => api<Configuraciones>(API_EMPRESAS.configuraciones),
  });

export const guardarConfiguraciones = (cambios: CambioConfiguraciones) =>
  api<RespuestaConfiguraciones>(API_EMPRESAS.configuraciones, { metodo: 'PATCH', cuerpo: cambios });

/** The new logo, as a multipart upload. */
export const subirLogo = (archivo: File) => {
  const datos = new FormData();
  datos.append('logo', archivo, archivo.name);
  return api<RespuestaConfiguraciones>(API_EMPRESAS.subirLogo, { cuerpo: datos });
};

/** Who changed which setting, newest first. */
export const useAuditoria = () =>
  useListaPaginada<RespuestaAuditoria, CambioAuditado>(API_EMPRESAS.auditoria, {}, (p) => p.cambios);

/**
 * Saves the changed settings, then the new logo (either may be missing): the answer is the last
 * one's, undefined when nothing went. Saved is the new "unchanged" at once, before the refetch;
 * whatever part was saved, the screen, its history and the shell's theme read it again.
 */
export function useGuardarConfiguraciones(
  empresa: string,
  avisos: Avisos<RespuestaConfiguraciones | undefined>,
) {
  const consultas = useQueryClient();
  return useMutation({
    mutationFn: async ({ cambios, logo }: { cambios: CambioConfiguraciones; logo: File | null }) => {
      let r: RespuestaConfiguraciones | undefined;
      if (Object.keys(cambios).length > 0) {
        r = await guardarConfiguraciones(cambios);
        guardarFunciones(r);
      }
      if (logo) r = await subirLogo(logo);
      return r;
    },
    onSuccess: (r) => {
      if (r) {
        const { mensaje: _, ...valores } = r;
        consultas.setQueryData(CLAVE_CONFIGURACIONES, valores);
      }
      avisos.onSuccess(r);
    },
    onError: avisos.onError,
    onSettled: () =>
      Promise.all(
        [CLAVE_CONFIGURACIONES, CLAVE_AUDITORIA, claveEmpresa(empresa)].map((queryKey) =>
          consultas.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
