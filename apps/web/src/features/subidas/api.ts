import { M } from '@recargas/contracts/mensajes';
import { API_SUBIDAS, type AvanceSubida, type RespuestaSubida } from '@recargas/contracts/subidas';
import { api } from '../../lib/api.ts';

/** POST /subirArchivo: the multipart form (accion, archivo, vigencia, plataformaId). */
export const subirArchivo = (datos: FormData) => api<RespuestaSubida>(API_SUBIDAS.subir, { cuerpo: datos });

/** The templates of section 7, each with the file name it downloads as. */
export const PLANTILLAS = [
  { ruta: API_SUBIDAS.plantilla, archivo: 'plantilla.xlsx', titulo: M.plantillaAdministrador },
  { ruta: API_SUBIDAS.plantillaVendedor, archivo: 'plantilla-vendedor.xlsx', titulo: M.plantillaVendedor },
  {
    ruta: API_SUBIDAS.plantillaPortabilidades,
    archivo: 'plantilla-portabilidades.xlsx',
    titulo: M.plantillaPortabilidades,
  },
  { ruta: API_SUBIDAS.plantillaUsuarios, archivo: 'plantilla-usuarios.xlsx', titulo: M.plantillaUsuarios },
] as const;

/** GET /subirArchivo/avance: how far the caller's upload `id` has got. */
export const avanceSubida = (id: string) =>
  api<AvanceSubida>(`${API_SUBIDAS.avance}?id=${encodeURIComponent(id)}`);

/** A fresh id for one upload's progress; getRandomValues also works over plain http. */
export const nuevoIdAvance = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
