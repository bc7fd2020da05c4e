import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import SaveIcon from '@mui/icons-material/Save';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { CARRIERS, CODIGOS_CARRIER } from '@recargas/contracts/carriers';
import { LIMITES_LINEA, type Linea, MONTO_LINEA_MAX } from '@recargas/contracts/lineas';
import { M } from '@recargas/contracts/mensajes';
import { API_USUARIOS, type RespuestaClientes, type RespuestaLideres } from '@recargas/contracts/usuarios';
import { memo, type ReactNode, useCallback, useLayoutEffect, useRef } from 'react';
import { textoLinea } from '../../lib/textoLinea.ts';
import { type Opcion, SelectorPaginado } from '../../ui/SelectorPaginado.tsx';
import type { Columna } from '../../ui/TablaInfinita.tsx';
import { type Edicion, useEnEdicion, useOcupado } from './edicion.ts';

type CampoTexto = 'icc' | 'dn' | 'monto' | 'nir';

const LARGO: Record<CampoTexto, number> = {
  icc: LIMITES_LINEA.icc,
  dn: LIMITES_LINEA.dnMax,
  monto: String(MONTO_LINEA_MAX).length,
  nir: LIMITES_LINEA.nir,
};

/**
 * Width (px) of each editable column, shown or in edit alike, so columns do not jump when the
 * pencil opens a row. The ICC's holds its 19 digits.
 */
const ANCHO = { icc: 215, dn: 150, monto: 100, nir: 120, compania: 130, lider: 190, cliente: 190 } as const;
type Editable = keyof typeof ANCHO;

const SIN_LIDER: Opcion = { id: 0, nombre: M.lineaSinLider };
const SIN_CLIENTE: Opcion = { id: 0, nombre: M.lineaSinCliente };

/** What the columns of administrarBase read and do. */
export interface EstadoColumnas {
  titulos: readonly { llave: string; valor: string }[];
  admin: boolean;
  puedeEditar: boolean;
  puedeDesbloquear: boolean;
  /** The row in edit and its draft; each cell reads it for its own row only. */
  edicion: Edicion;
  guardar: () => void;
  desbloquear: (icc: string) => void;
}

/** A cell of an editable column: its fixed width, shown or in edit (a plain div: thousands draw). */
const Ancho = ({ c, children }: { c: Editable; children: ReactNode }) => (
  // Never wider than a phone card's field (issue 41).
  <div style={{ width: ANCHO[c], maxWidth: '100%', overflowWrap: 'anywhere' }}>{children}</div>
);

/** Compact inputs: an edited row keeps about the height of a shown one. */
const COMPACTO = { width: '100%', '& .MuiInputBase-input': { py: 0.5 } } as const;

/** A text field of the row in edit; red with the contract's message when a rule fails. */
function CampoLinea(p: { e: Edicion; f: Linea; c: CampoTexto; etiqueta: string; mostrar: ReactNode }) {
  const en = useEnEdicion(p.e, p.f.id);
  if (!en) return <Ancho c={p.c}>{p.mostrar}</Ancho>;
  const error = en.errores[p.c];
  return (
    <Ancho c={p.c}>
      <TextField
        size="small"
        name={`editar-${p.c}`}
        value={en.borrador[p.c]}
        onChange={(ev) => p.e.cambiar({ [p.c]: ev.target.value.slice(0, LARGO[p.c]) })}
        error={error !== undefined}
        helperText={error}
        sx={COMPACTO}
        slotProps={{
          htmlInput: { 'aria-label': p.etiqueta, inputMode: 'numeric', maxLength: LARGO[p.c] },
        }}
      />
    </Ancho>
  );
}

function CompaniaLinea({ e, f, etiqueta }: { e: Edicion; f: Linea; etiqueta: string }) {
  const en = useEnEdicion(e, f.id);
  if (!en) return <Ancho c="compania">{textoLinea(f, 'compania')}</Ancho>;
  return (
    <Ancho c="compania">
      <TextField
        select
        size="small"
        name="editar-compania"
        value={en.borrador.compania}
        onChange={(ev) => e.cambiar({ compania: ev.target.value })}
        sx={COMPACTO}
        slotProps={{ htmlInput: { 'aria-label': etiqueta } }}
      >
        {CODIGOS_CARRIER.map((k) => (
          <MenuItem key={k} value={k}>
            {CARRIERS[k]}
          </MenuItem>
        ))}
      </TextField>
    </Ancho>
  );
}

/** Leader (administrators only) and client selectors; the client list follows the leader. */
function PersonaLinea(p: { e: Edicion; f: Linea; c: 'lider' | 'cliente'; etiqueta: string; admin: boolean }) {
  const { e, f, c, etiqueta } = p;
  const en = useEnEdicion(e, f.id);
  const b = en?.borrador;
  if (!b || (c === 'lider' && !p.admin))
    return <Ancho c={c}>{c === 'lider' ? f.liderNombre : f.clienteNombre}</Ancho>;
  return (
    <Ancho c={c}>
      {c === 'lider' ? (
        <SelectorPaginado<RespuestaLideres>
          ruta={API_USUARIOS.lideres}
          parametros={{ limit: 10 }}
          opciones={(r) => r.lideres.map((l) => ({ id: l.id, nombre: l.lider }))}
          fijas={[SIN_LIDER]}
          valor={b.lider}
          alCambiar={(o) => e.cambiar({ lider: o ?? SIN_LIDER, cliente: SIN_CLIENTE })}
          etiqueta={etiqueta}
          name="editar-lider"
        />
      ) : (
        <SelectorPaginado<RespuestaClientes>
          key={b.lider.id}
          ruta={API_USUARIOS.clientes}
          parametros={{ lider: b.lider.id || undefined, limit: 10 }}
          opciones={(r) => r.clientes.map((x) => ({ id: x.id, nombre: x.cliente }))}
          fijas={[SIN_CLIENTE]}
          valor={b.cliente}
          alCambiar={(o) => e.cambiar({ cliente: o ?? SIN_CLIENTE })}
          etiqueta={etiqueta}
          name="editar-cliente"
          habilitado={b.lider.id > 0}
        />
      )}
    </Ancho>
  );
}

/**
 * The inventory's columns, the server's titles in its order. Built once per titles and rights:
 * the edit lives in `edicion`, so a keystroke does not hand the table new columns.
 */
export function columnasLinea(e: EstadoColumnas): Columna<Linea>[] {
  const base = e.titulos.map(
    ({ llave, valor }): Columna<Linea> => ({
      ...columna(e, llave, valor),
      primera: PRIMERA[llave],
    }),
  );
  if (!e.puedeEditar && !e.puedeDesbloquear) return base;
  return [
    { llave: 'acciones', valor: M.colAcciones, accion: true, celda: (f) => <Acciones e={e} f={f} /> },
    ...base,
  ];
}

/** A phone card's first line: the ICC, the number, the amount and the carrier (issue 41). */
const PRIMERA: Partial<Record<string, number>> = { icc: 1, dn: 2, monto: 3, compania: 4 };

/** One column of the server's titles, shown or in edit. */
function columna(e: EstadoColumnas, llave: string, valor: string): Columna<Linea> {
  const ed = e.edicion;
  switch (llave) {
    case 'icc':
    case 'dn':
    case 'nir':
      return {
        llave,
        valor,
        celda: (f) => <CampoLinea e={ed} f={f} c={llave} etiqueta={valor} mostrar={f[llave] ?? ''} />,
      };
    case 'monto':
      return {
        llave,
        valor,
        celda: (f) => <CampoLinea e={ed} f={f} c="monto" etiqueta={valor} mostrar={f.monto ?? ''} />,
      };
    case 'compania':
      return { llave, valor, celda: (f) => <CompaniaLinea e={ed} f={f} etiqueta={valor} /> };
    case 'lider':
    case 'cliente':
      return {
        llave,
        valor,
        celda: (f) => <PersonaLinea e={ed} f={f} c={llave} etiqueta={valor} admin={e.admin} />,
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
}

/** MUI's IconButton drawn again only when its props change; the icons are constants for it. */
const Boton = memo(IconButton);
const LAPIZ = <EditIcon />;
const CANDADO = <LockOpenIcon />;

/** Edit (then save or cancel) and, for a recharged line with no recharge date, unlock (section 4). */
function Acciones({ e, f }: { e: EstadoColumnas; f: Linea }) {
  const en = useEnEdicion(e.edicion, f.id);
  const ocupado = useOcupado(e.edicion);
  // The line at click time: a fling gives this row another line each frame (TablaInfinita keys
  // rows by slot), and handlers that stay the same let the buttons skip drawing again.
  const fila = useRef(f);
  useLayoutEffect(() => {
    fila.current = f;
  });
  const abrir = useCallback(() => e.edicion.abrir(fila.current), [e.edicion]);
  const desbloquear = useCallback(() => e.desbloquear(fila.current.icc), [e]);
  return (
    // Room for save and cancel from the start: the column does not widen when the pencil opens.
    // A plain div, not a Stack: a fling draws this cell about 30 times a frame.
    <div style={{ display: 'flex', gap: 4, alignItems: 'center', minWidth: e.puedeEditar ? 84 : undefined }}>
      {e.puedeEditar &&
        (en ? (
          <>
            <IconButton
              aria-label={M.guardar}
              onClick={e.guardar}
              disabled={ocupado || Object.keys(en.errores).length > 0}
              color="primary"
            >
              <SaveIcon />
            </IconButton>
            <IconButton aria-label={M.cancelarEdicion} onClick={() => e.edicion.cerrar()} disabled={ocupado}>
              <CloseIcon />
            </IconButton>
          </>
        ) : (
          <Boton aria-label={M.colEditar} disabled={ocupado} onClick={abrir}>
            {LAPIZ}
          </Boton>
        ))}
      {e.puedeDesbloquear && f.isRecargado && f.fechaRecarga === null && (
        <Tooltip title={M.desbloquear}>
          <span>
            <Boton aria-label={M.desbloquear} disabled={ocupado} color="secondary" onClick={desbloquear}>
              {CANDADO}
            </Boton>
          </span>
        </Tooltip>
      )}
    </div>
  );
}
