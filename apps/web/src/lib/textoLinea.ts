import { etiquetaCarrier } from '@recargas/contracts/carriers/nombres';
import { diaConDiagonales } from '@recargas/contracts/fechas';
import type { Linea } from '@recargas/contracts/lineas';
import { M } from '@recargas/contracts/mensajes';
import { fechaCorta } from './fechas.ts';

const dia = (v: string | null) => (v ? diaConDiagonales(v) : '');

/** What a line's column shows when it is not being edited (administrarBase, Reciclado masivo). */
export function textoLinea(f: Linea, llave: string): string {
  switch (llave) {
    case 'compania':
      return etiquetaCarrier(f.compania);
    case 'lider':
      return f.liderNombre;
    case 'cliente':
      return f.clienteNombre;
    case 'fechaSubida':
    case 'fechaActualizacion':
      return fechaCorta(f[llave]);
    case 'fechaRecarga':
      return f.fechaRecarga ? fechaCorta(f.fechaRecarga) : M.lineaSinFecha;
    case 'fechaVigencia':
    case 'fechaEntrega':
    case 'fechaPortada':
      return dia(f[llave]);
    case 'isRecargado':
      return f.isRecargado ? M.lineaRecargadaSi : M.no;
    default:
      return String(f[llave as keyof Linea] ?? '');
  }
}
