import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { CARRIERS, type Carrier, CODIGOS_CARRIER } from '@recargas/contracts/carriers/nombres';
import { M } from '@recargas/contracts/mensajes';
import { esDn, esIcc, LIMITES_RECARGA } from '@recargas/contracts/recargas/reglas';
import { Seleccion } from '../../ui/Seleccion.tsx';

export type Modo = 'icc' | 'dn';
export interface Numero {
  modo: Modo;
  icc: string;
  icc2: string;
  dn: string;
  dn2: string;
}
export const NUMERO_VACIO: Numero = { modo: 'icc', icc: '', icc2: '', dn: '', dn2: '' };
export type Errores = Partial<Record<keyof Numero, string>>;

/** Section 5 rules of the top-up by ICC and by phone, with their exact messages. */
export function validarNumero(n: Numero, conDn: boolean): Errores {
  const e: Errores = {};
  if (n.modo === 'icc') {
    if (!esIcc(n.icc)) e.icc = M.iccInvalido;
    else if (!n.icc2) e.icc2 = M.iccConfirmacion;
    else if (n.icc !== n.icc2) e.icc2 = M.iccNoCoinciden;
  }
  if (n.modo === 'dn' || (conDn && n.dn !== '')) {
    if (!esDn(n.dn)) e.dn = M.telefonoInvalido;
    else if (!n.dn2) e.dn2 = M.telefonoConfirmacion;
    else if (n.dn !== n.dn2) e.dn2 = M.telefonoNoCoinciden;
  }
  return e;
}

const soloDigitos = (v: string) => v.replace(/\D/g, '');

/**
 * Mode choice plus the number and its confirmation. In ICC mode the phone shows only for users
 * who may send a DN with an ICC (`conDn`); otherwise it is cleared (spec section 5).
 */
export function CamposNumero(props: {
  valor: Numero;
  errores: Errores;
  conDn: boolean;
  alCambiar: (n: Numero) => void;
}) {
  const { valor, errores, conDn, alCambiar } = props;
  const campo = (llave: keyof Numero, etiqueta: string, max: number) => (
    <TextField
      name={llave}
      label={etiqueta}
      value={valor[llave]}
      onChange={(e) => alCambiar({ ...valor, [llave]: soloDigitos(e.target.value) })}
      error={Boolean(errores[llave])}
      helperText={errores[llave] ?? ' '}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: max, autoComplete: 'off' } }}
      fullWidth
    />
  );
  const verDn = valor.modo === 'dn' || conDn;
  return (
    <>
      <FormLabel id="modo-recarga">{M.tipoRecarga}</FormLabel>
      <RadioGroup
        row
        aria-labelledby="modo-recarga"
        value={valor.modo}
        onChange={(e) => {
          const modo = e.target.value as Modo;
          alCambiar({ ...NUMERO_VACIO, modo });
        }}
      >
        <FormControlLabel value="icc" control={<Radio />} label={M.porIcc} />
        <FormControlLabel value="dn" control={<Radio />} label={M.porDn} />
      </RadioGroup>
      {valor.modo === 'icc' && (
        <>
          {campo('icc', M.icc, LIMITES_RECARGA.iccEntrada)}
          {campo('icc2', M.confirmacionIcc, LIMITES_RECARGA.iccEntrada)}
        </>
      )}
      {verDn && (
        <>
          {campo('dn', M.numeroTelefonico, LIMITES_RECARGA.dn)}
          {campo('dn2', M.confirmacionTelefono, LIMITES_RECARGA.dn)}
        </>
      )}
    </>
  );
}

/** What the API receives: the chosen mode decides which of icc/dn is sent. */
export function numeroParaEnviar(n: Numero, conDn: boolean) {
  if (n.modo === 'dn') return { icc: '', dn: n.dn };
  return { icc: n.icc, dn: conDn ? n.dn : '' };
}

/** The carrier ('Compañía') of a top-up, with its error under it. */
export function CampoCompania(props: {
  valor: Carrier | '';
  error?: string;
  alCambiar: (c: Carrier) => void;
}) {
  return (
    <Seleccion
      name="compania"
      label={M.compania}
      value={props.valor}
      onChange={(e) => props.alCambiar(e.target.value as Carrier)}
      error={Boolean(props.error)}
      helperText={props.error ?? ' '}
      opciones={CODIGOS_CARRIER.map((c) => ({ valor: c, texto: CARRIERS[c] }))}
    />
  );
}
