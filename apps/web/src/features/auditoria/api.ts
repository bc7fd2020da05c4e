import {
  API_AUDITORIA,
  type FilaAuditoria,
  type RespuestaAuditoriaGeneral,
} from '@recargas/contracts/auditoria';
import { type Parametros, useListaPaginada } from '../../lib/lista.ts';

/** The audit trail of the caller's company, paged by cursor (20 rows a step). */
export const useAuditoria = (parametros: Parametros, habilitada: boolean) =>
  useListaPaginada<RespuestaAuditoriaGeneral, FilaAuditoria>(
    API_AUDITORIA.lista,
    parametros,
    (p) => p.cambios,
    habilitada,
  );
