import { useQuery } from '@tanstack/react-query';
import { consultaEmpresa } from './empresaPublica.ts';

export { claveEmpresa } from './empresaPublica.ts';

/** The public theme and flags of a company (GET /getEmpresa/{name}, no auth), for the shell's screens. */
export const useEmpresa = (codigo: string) => useQuery(consultaEmpresa(codigo));
