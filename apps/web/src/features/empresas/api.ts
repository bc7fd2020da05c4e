import {
  API_EMPRESAS,
  type CambioAuditado,
  type CambioConfiguraciones,
  type Configuraciones,
  type RespuestaAuditoria,
  type RespuestaConfiguraciones,
} from '@recargas/contracts/empresas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useListaPaginada } from '../../lib/lista.ts';

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
