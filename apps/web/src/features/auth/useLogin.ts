import type { RespuestaLogin } from '@recargas/contracts/auth';
import { PASO } from '@recargas/contracts/auth/rutas';
import { MENSAJES_GENERALES as M } from '@recargas/contracts/mensajes/generales';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorApi } from '../../lib/api.ts';
import { guardarSesion } from '../../lib/sesionGuardada.ts';
import { configurarDosPasos, iniciarSesion, verificarDosPasos } from './api.ts';

export type Paso = (typeof PASO)[keyof typeof PASO];

/**
 * The login's state and steps: user and password, then, when the server asks, the QR of the
 * authenticator app and its 6-digit code. Plain state and calls, not a form library nor React
 * Query's mutations: the login's download stays within its budget (issue 21).
 */
export function useLogin(empresa: string, motivo: string) {
  const navegar = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [paso, setPaso] = useState<Paso>(PASO.normal);
  const [qr, setQr] = useState<string | null>(null);
  const [mensaje, setMensaje] = useState(motivo);
  const [enviando, setEnviando] = useState(false);
  const credenciales = { username, password, empresa };

  const entrar = (r: RespuestaLogin) => {
    if (!r.token) throw new ErrorApi(M.errorInesperadoLogin, 200);
    guardarSesion(r);
    navegar('/in', { replace: true });
  };

  const fallo = (e: unknown) => {
    if (
      e instanceof ErrorApi &&
      [PASO.configurar, PASO.codigoNuevo, PASO.codigo].includes(e.cuerpo.code as never)
    ) {
      setPaso(e.cuerpo.code as Paso);
      if (typeof e.cuerpo.qrCodeUrl === 'string') setQr(e.cuerpo.qrCodeUrl);
      setMensaje(e.message);
      return;
    }
    setMensaje(e instanceof ErrorApi ? e.message : M.credencialesInvalidas);
  };

  const enviar = async (evento: FormEvent) => {
    evento.preventDefault();
    if (enviando) return;
    // The server's rule: no call for a code that cannot be one.
    if (paso !== PASO.normal && !/^\d{6}$/.test(code)) return setMensaje(M.codigoSeisDigitos);
    setEnviando(true);
    setMensaje('');
    try {
      if (paso === PASO.normal) {
        entrar(await iniciarSesion(credenciales));
      } else {
        entrar(await verificarDosPasos({ ...credenciales, code }));
      }
    } catch (e) {
      fallo(e);
    } finally {
      setEnviando(false);
    }
  };

  /** From the QR to the code: the prompt of code 15 replaces the QR's. */
  const siguiente = () => {
    setPaso(PASO.codigo);
    setMensaje(M.dosPasosCodigo);
  };

  const nuevoQr = async () => {
    try {
      const r = await configurarDosPasos(credenciales);
      setQr(r.qrCodeUrl);
      setPaso(PASO.configurar);
      setMensaje(M.dosPasosConfigurar);
    } catch {
      setMensaje(M.errorQr);
    }
  };

  return {
    campos: { username, setUsername, password, setPassword, code, setCode },
    ...{ paso, qr, mensaje, enviando },
    ...{ enviar, siguiente, nuevoQr },
  };
}
