import {
  API_CARRIERS,
  type Carrier,
  type respuestaComentarios,
  type respuestaEmpresas,
  type respuestaPlataformaCarrier,
  type respuestaPlataformasEmpresa,
} from '@recargas/contracts/carriers';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { type Avisos, useMutacion } from '../../lib/mutaciones.ts';

export type Comentarios = z.infer<typeof respuestaComentarios>;
type Mensaje = { mensaje: string };

/** The comment of each carrier ('Comentarios por tipo de carrier'). */
export const useComentarios = () =>
  useQuery({
    queryKey: [API_CARRIERS.comentarios],
    queryFn: () => api<Comentarios>(API_CARRIERS.comentarios),
  });

const guardarComentarios = (comentarios: Comentarios) =>
  api<Mensaje>(API_CARRIERS.comentarios, { cuerpo: comentarios });

/** Saving every carrier's comment; the comments are read again. */
export const useGuardarComentarios = (avisos: Avisos<Mensaje>) =>
  useMutacion(guardarComentarios, [[API_CARRIERS.comentarios]], avisos);

/** The platforms a platform user can belong to. */
export const usePlataformas = () =>
  useQuery({
    queryKey: [API_CARRIERS.plataformas],
    queryFn: () => api<z.infer<typeof respuestaEmpresas>>(API_CARRIERS.plataformas),
  });

/** The company's platform users. */
export const usePlataformasEmpresa = () =>
  useQuery({
    queryKey: [API_CARRIERS.plataformasEmpresa],
    queryFn: () => api<z.infer<typeof respuestaPlataformasEmpresa>>(API_CARRIERS.plataformasEmpresa),
  });

const registrarUsuarioPlataforma = (cuerpo: { username: string; canal: string; plataforma: number }) =>
  api<Mensaje>(API_CARRIERS.plataformasEmpresa, { cuerpo });

/** A new platform user; the company's platform users are read again. */
export const useRegistrarUsuarioPlataforma = (avisos: Avisos<Mensaje>) =>
  useMutacion(registrarUsuarioPlataforma, [[API_CARRIERS.plataformasEmpresa]], avisos);

/** The platform user each carrier's top-ups go through. */
export const usePlataformaCarrier = () =>
  useQuery({
    queryKey: [API_CARRIERS.plataformaCarrier],
    queryFn: () => api<z.infer<typeof respuestaPlataformaCarrier>>(API_CARRIERS.plataformaCarrier),
  });

/** A carrier's first platform user and, when given, its second (null: none). */
export const cambiarPlataforma = (cuerpo: {
  carrier: Carrier;
  empresaPlataformaId: number | null;
  respaldoId?: number | null;
}) => api<Mensaje>(API_CARRIERS.cambiarPlataformas, { cuerpo });

/** The change of a carrier's platform users; the carriers' choice is read again. */
export const useCambiarPlataforma = (avisos: Avisos<Mensaje>) =>
  useMutacion(cambiarPlataforma, [[API_CARRIERS.plataformaCarrier]], avisos);
