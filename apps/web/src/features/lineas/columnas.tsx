import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { CARRIERS, CODIGOS_CARRIER } from '@recargas/contracts/carriers';
import { LIMITES_LINEA, type Linea, MONTO_LINEA_MAX } from '@recargas/contracts/lineas';
import { M } from '@recargas/contracts/mensajes';
import { API_USUARIOS, type RespuestaClientes, type RespuestaLideres } from '@recargas/contracts/usuarios';
import type { ReactNode } from 'react';
import { textoLinea } from '../../lib/textoLinea.ts';
import { type Opcion, SelectorPaginado } from '../../ui/SelectorPaginado.tsx';
import type { Columna } from '../../ui/TablaInfinita.tsx';

/** A line being edited, as its fields hold it (section 5 "Line edit"). */
export type Borrador = {
  icc: string;
  dn: string;
  compania: string;
  monto: string;
  nir: string;
  lider: Opcion;
  cliente: Opcion;
};
type CampoTexto = 'icc' | 'dn' | 'monto' | 'nir';

export const borradorDe = (l: Linea): Borrador => ({
  icc: l.icc,
  dn: l.dn,
  compania: l.compania,
  monto: l.monto === null ? '' : String(l.monto),
  nir: l.nir ?? '',
  lider: { id: l.lider, nombre: l.liderNombre },
  cliente: { id: l.cliente, nombre: l.clienteNombre },
});

const LARGO: Record<CampoTexto, number> = {
  icc: LIMITES_LINEA.icc,
  dn: LIMITES_LINEA.dnMax,
  monto: String(MONTO_LINEA_MAX).length,
  nir: LIMITES_LINEA.nir,
};

const SIN_LIDER: Opcion = { id: 0, nombre: M.lineaSinLider };
const SIN_CLIENTE: Opcion = { id: 0, nombre: M.lineaSinCliente };

/** What the columns of administrarBase read and do: the draft of the row in edit and the actions. */
export interface EstadoColumnas {
  titulos: readonly { llave: string; valor: string }[];
  edicion: { id: number; borrador: Borrador } | null;
  admin: boolean;
  puedeEditar: boolean;
  puedeDesbloquear: boolean;
  ocupado: boolean;
  cambiar: (cambios: Partial<Borrador>) => void;
  editar: (f: Linea) => void;
  cancelar: () => void;
  guardar: () => void;
  desbloquear: (icc: string) => void;
}

/** The inventory's columns, the server's titles in its order; the row in edit shows its fields. */
export function columnasLinea(e: EstadoColumnas): Columna<Linea>[] {
  const { edicion, cambiar } = e;
  const borrador = (f: Linea) => (edicion?.id === f.id ? edicion.borrador : null);
  const campo = (f: Linea, c: CampoTexto, etiqueta: string, mostrar: ReactNode): ReactNode => {
    const b = borrador(f);
    if (!b) return mostrar;
    return (
      <TextField
        size="small"
        name={`editar-${c}`}
        value={b[c]}
        onChange={(ev) => cambiar({ [c]: ev.target.value.slice(0, LARGO[c]) })}
        sx={{ minWidth: c === 'icc' ? 190 : c === 'dn' ? 130 : 80 }}
        slotProps={{ htmlInput: { 'aria-label': etiqueta, inputMode: 'numeric' } }}
      />
    );
  };
  const base = e.titulos.map(({ llave, valor }): Columna<Linea> => {
    switch (llave) {
      case 'icc':
      case 'dn':
      case 'nir':
        return { llave, valor, celda: (f) => campo(f, llave, valor, f[llave] ?? '') };
      case 'monto':
        return { llave, valor, celda: (f) => campo(f, 'monto', valor, f.monto ?? '') };
      case 'compania':
        return {
          llave,
          valor,
          celda: (f) => {
            const b = borrador(f);
            if (!b) return textoLinea(f, 'compania');
            return (
              <TextField
                select
                size="small"
                name="editar-compania"
                value={b.compania}
                onChange={(ev) => cambiar({ compania: ev.target.value })}
                sx={{ minWidth: 120 }}
                slotProps={{ htmlInput: { 'aria-label': valor } }}
              >
                {CODIGOS_CARRIER.map((k) => (
                  <MenuItem key={k} value={k}>
                    {CARRIERS[k]}
                  </MenuItem>
                ))}
              </TextField>
            );
          },
        };
      case 'lider':
        return {
          llave,
          valor,
          celda: (f) => {
            const b = borrador(f);
            if (!b || !e.admin) return f.liderNombre;
            return (
              <Box sx={{ minWidth: 180 }}>
                <SelectorPaginado<RespuestaLideres>
                  ruta={API_USUARIOS.lideres}
                  parametros={{ limit: 10 }}
                  opciones={(p) => p.lideres.map((l) => ({ id: l.id, nombre: l.lider }))}
                  fijas={[SIN_LIDER]}
                  valor={b.lider}
                  alCambiar={(o) => cambiar({ lider: o ?? SIN_LIDER, cliente: SIN_CLIENTE })}
                  etiqueta={valor}
                  name="editar-lider"
                />
              </Box>
            );
          },
        };
      case 'cliente':
        return {
          llave,
          valor,
          celda: (f) => {
            const b = borrador(f);
            if (!b) return f.clienteNombre;
            return (
              <Box sx={{ minWidth: 180 }}>
                <SelectorPaginado<RespuestaClientes>
                  key={b.lider.id}
                  ruta={API_USUARIOS.clientes}
                  parametros={{ lider: b.lider.id || undefined, limit: 10 }}
                  opciones={(p) => p.clientes.map((c) => ({ id: c.id, nombre: c.cliente }))}
                  fijas={[SIN_CLIENTE]}
                  valor={b.cliente}
                  alCambiar={(o) => cambiar({ cliente: o ?? SIN_CLIENTE })}
                  etiqueta={valor}
                  name="editar-cliente"
                  habilitado={b.lider.id > 0}
                />
              </Box>
            );
          },
        };
      case 'fechaSubida':
      case 'fechaActualizacion':
      case 'fechaRecarga':
      case 'fechaVigencia':
      case 'fechaEntrega':
      case 'fechaPortada':
      case 'isRecargado':
        return { llave, valor, celda: (f) => textoLinea(f, llave) };
      default:
        return { llave, valor };
    }
  });
  if (!e.puedeEditar && !e.puedeDesbloquear) return base;
  return [{ llave: 'acciones', valor: M.colAcciones, celda: (f) => <Acciones e={e} f={f} /> }, ...base];
}

/** Edit (then save or cancel) and, for a recharged line with no recharge date, unlock (section 4). */
function Acciones({ e, f }: { e: EstadoColumnas; f: Linea }) {
  const enEdicion = e.edicion?.id === f.id;
  return (
    <Stack direction="row" spacing={0.5} alignItems="center">
      {e.puedeEditar &&
        (enEdicion ? (
          <>
            <IconButton aria-label={M.guardar} onClick={e.guardar} disabled={e.ocupado} color="primary">
              <SaveIcon />
            </IconButton>
            <IconButton aria-label={M.cancelarEdicion} onClick={e.cancelar} disabled={e.ocupado}>
              <CloseIcon />
            </IconButton>
          </>
        ) : (
          <IconButton aria-label={M.colEditar} disabled={e.ocupado} onClick={() => e.editar(f)}>
            <EditIcon />
          </IconButton>
        ))}
      {e.puedeDesbloquear && f.isRecargado && f.fechaRecarga === null && (
        <Tooltip title={M.desbloquear}>
          <span>
            <IconButton
              aria-label={M.desbloquear}
              disabled={e.ocupado}
              color="secondary"
              onClick={() => e.desbloquear(f.icc)}
            >
              <LockOpenIcon />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Stack>
  );
}
