import type { Carrier } from '@recargas/contracts/carriers/nombres';
import { M } from '@recargas/contracts/mensajes';
import {
  API_RECARGAS,
  puedeCambiarPlataforma,
  puedeElegirMonto,
  puedeEnviarDn,
  TIPO_POR_DEFECTO,
} from '@recargas/contracts/recargas/reglas';
import type { ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { mensajes, resolverDe } from '../../lib/formularios.ts';
import { puede, type Sesion, useSesion } from '../../lib/sesion.ts';
import { type Errores, NUMERO_VACIO, type Numero, numeroParaEnviar, validarNumero } from './CamposNumero.tsx';
import { useRecarga } from './useRecarga.ts';

/** The top-up form: the number's fields beside the rest, so each has its own error. */
export interface Formulario extends Numero {
  compania: Carrier | '';
  monto: string;
  tipo: string;
  externa: boolean;
  folio: string;
  /** null: the platform the carrier is set to (Recargas por tipo de carrier). */
  plataforma: 1 | 2 | null;
}
/** The form's fields of plain text (the selects' values too). */
export type CampoTexto = 'monto' | 'tipo' | 'folio';
export type ErroresRecarga = Errores & Partial<Record<'compania' | CampoTexto, string>>;

const VACIO: Formulario = {
  ...NUMERO_VACIO,
  compania: '',
  monto: '',
  tipo: TIPO_POR_DEFECTO,
  externa: false,
  folio: '',
  plataforma: null,
};

/** The rules checked on Recargar; the server checks them again. */
function validar(f: Formulario, sesion: Sesion): ErroresRecarga {
  const e: ErroresRecarga = validarNumero(f, puedeEnviarDn(sesion, f.compania));
  if (!f.compania) e.compania = M.recargaFaltanDatos;
  // Who may choose the amount must choose it, every time (the server refuses it missing too).
  if (puedeElegirMonto(sesion.ajustes, sesion) && !f.monto) e.monto = M.eligeMonto;
  if (f.externa && !f.folio.trim()) e.folio = M.sinFolio;
  return e;
}

/** What the API receives: only what this user may send, and the folio of an external top-up. */
function cuerpoDe(f: Formulario & { compania: Carrier }, sesion: Sesion) {
  return {
    ...numeroParaEnviar(f, puedeEnviarDn(sesion, f.compania)),
    compania: f.compania,
    ...(puedeElegirMonto(sesion.ajustes, sesion) && f.monto ? { monto: Number(f.monto) } : {}),
    ...(puedeCambiarPlataforma(sesion) && f.plataforma ? { plataforma: f.plataforma } : {}),
    ...(f.externa ? { folio: f.folio.trim() } : { tipo: f.tipo, origin: 'web' }),
  };
}

/**
 * The top-up form's state (react-hook-form): validated on Recargar only, its errors kept until the
 * next Recargar. Any change forgets the Idempotency-Key (a different top-up); a top-up that went
 * out clears the form but for its mode and carrier.
 */
export function useFormularioRecarga() {
  const sesion = useSesion();
  const form = useForm<Formulario>({
    defaultValues: VACIO,
    resolver: resolverDe((v: Formulario) => validar(v, sesion)),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const f = useWatch({ control: form.control }) as Formulario;
  const errores: ErroresRecarga = mensajes(form.formState.errors);
  const exitoPorDefecto = f.externa ? M.recargaExternaExitosa : M.recargaExitosa;
  const { recargar, recargando, resultado, olvidarClave } = useRecarga(exitoPorDefecto);

  const cambiar = (parcial: Partial<Formulario>) => {
    olvidarClave();
    for (const [k, v] of Object.entries(parcial)) form.setValue(k as keyof Formulario, v);
  };
  /** A text field's or select's name, value, change and error under it. */
  const campo = (k: CampoTexto) => ({
    name: k,
    value: f[k],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => cambiar({ [k]: e.target.value }),
    error: Boolean(errores[k]),
    helperText: errores[k] ?? ' ',
  });
  const enviar = form.handleSubmit(async (v) => {
    if (!v.compania) return;
    const ruta = v.externa ? API_RECARGAS.recargarExterna : API_RECARGAS.recargar;
    const ok = await recargar(ruta, cuerpoDe({ ...v, compania: v.compania }, sesion));
    if (ok) form.reset({ ...VACIO, modo: v.modo, compania: v.compania });
  });
  return {
    f,
    /** The number's fields alone: a change there sets only them. */
    numero: { modo: f.modo, icc: f.icc, icc2: f.icc2, dn: f.dn, dn2: f.dn2 },
    errores,
    cambiar,
    campo,
    enviar,
    recargando,
    resultado,
    /** The server's rules (contracts recargas.ts): the amount select only for who may choose. */
    eligeMonto: puedeElegirMonto(sesion.ajustes, sesion),
    /** The platform switch only for administrators holding PLATAFORMAS. */
    cambiaPlataforma: puedeCambiarPlataforma(sesion),
    /** MOVI_DN / ATT_DN: a DN may go with an ICC for Movistar / AT&T (spec section 6). */
    conDn: puedeEnviarDn(sesion, f.compania),
    externa: puede(sesion, 'POST /foreignCheckOut'),
  };
}
