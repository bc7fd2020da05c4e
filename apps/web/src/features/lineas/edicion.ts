import { type Linea, peticionActualizarIcc } from '@recargas/contracts/lineas';
import { useSyncExternalStore } from 'react';
import type { Opcion } from '../../ui/SelectorPaginado.tsx';

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

/** The message of each field the contract rejects, e.g. { dn: 'Dn invalido' }. */
export type Errores = Partial<Record<keyof Borrador, string>>;

/** The row in edit: its draft and, once a save was tried, what the contract says of it. */
export interface EnEdicion {
  id: number;
  borrador: Borrador;
  errores: Errores;
  revisado: boolean;
}

export const borradorDe = (l: Linea): Borrador => ({
  icc: l.icc,
  dn: l.dn,
  compania: l.compania,
  monto: l.monto === null ? '' : String(l.monto),
  nir: l.nir ?? '',
  lider: { id: l.lider, nombre: l.liderNombre },
  cliente: { id: l.cliente, nombre: l.clienteNombre },
});

/** The body of POST /actualizarIcc. */
export const cuerpoDe = (id: number, b: Borrador) => ({
  id,
  icc: b.icc.trim(),
  dn: b.dn.trim(),
  compania: b.compania,
  lider: b.lider.id,
  cliente: b.cliente.id,
  monto: b.monto.trim(),
  nir: b.nir.trim(),
});

/** The rules the server applies (contracts peticionActualizarIcc), field by field. */
export function erroresDe(id: number, b: Borrador): Errores {
  const r = peticionActualizarIcc.safeParse(cuerpoDe(id, b));
  const errores: Errores = {};
  for (const i of r.error?.issues ?? []) {
    const campo = String(i.path[0] ?? 'icc') as keyof Borrador;
    errores[campo] ??= i.message;
  }
  return errores;
}

/**
 * The inline edit of administrarBase, outside React state: each cell reads only its own row's
 * entry (useEnEdicion), so opening the pencil or a keystroke draws that row again and no other,
 * and the table's columns stay the same objects while editing.
 */
export class Edicion {
  private actual: EnEdicion | null = null;
  private ocupado = false;
  private readonly oyentes = new Set<() => void>();

  readonly suscribir = (oyente: () => void) => {
    this.oyentes.add(oyente);
    return () => this.oyentes.delete(oyente);
  };
  readonly de = (id: number) => (this.actual?.id === id ? this.actual : null);
  readonly estaOcupado = () => this.ocupado;

  private poner(actual: EnEdicion | null) {
    this.actual = actual;
    for (const o of this.oyentes) o();
  }
  abrir(f: Linea) {
    this.poner({ id: f.id, borrador: borradorDe(f), errores: {}, revisado: false });
  }
  cerrar() {
    this.poner(null);
  }
  /** After a save was tried, each change checks the rules again (a fixed field turns back). */
  cambiar(cambios: Partial<Borrador>) {
    const a = this.actual;
    if (!a) return;
    const borrador = { ...a.borrador, ...cambios };
    this.poner({ ...a, borrador, errores: a.revisado ? erroresDe(a.id, borrador) : {} });
  }
  /** The body to save, or null when a rule fails: the failing fields then show their message. */
  revisar() {
    const a = this.actual;
    if (!a) return null;
    const errores = erroresDe(a.id, a.borrador);
    this.poner({ ...a, errores, revisado: true });
    return Object.keys(errores).length ? null : cuerpoDe(a.id, a.borrador);
  }
  ponerOcupado(ocupado: boolean) {
    if (ocupado === this.ocupado) return;
    this.ocupado = ocupado;
    for (const o of this.oyentes) o();
  }
}

/** The row's entry while it is in edit, else null (a stable value: other rows do not draw again). */
export const useEnEdicion = (e: Edicion, id: number) => useSyncExternalStore(e.suscribir, () => e.de(id));

/** Whether a save or an unlock is running. */
export const useOcupado = (e: Edicion) => useSyncExternalStore(e.suscribir, e.estaOcupado);
