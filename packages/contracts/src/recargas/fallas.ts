/**
 * Why a top-up failed or was refused, as a machine code (issue 44): one catalogue for the
 * `/v1` answers, their webhook events and the rows. Each code is set where its cause is known
 * (the amount rule, the daily counter, a provider's refusal), never read back from a message's
 * wording: integrators branch on these, the Spanish texts may be reworded.
 */
export const FALLAS_RECARGA = {
  /** The carrier or provider says the number cannot take a top-up. */
  numero_invalido: 'Número no válido para la compañía',
  /** The amount is not one the company sells or the carrier's catalogue takes. */
  monto_no_permitido: 'Monto no permitido',
  /** Who may choose the amount sent none. */
  monto_requerido: 'Falta el monto',
  /** The platform account has no balance for it. */
  saldo_insuficiente: 'Saldo insuficiente en la plataforma',
  /** No platform took it (down, breaker open, no credentials): nothing was sent or charged. */
  proveedor_no_disponible: 'Plataforma no disponible',
  /** The platform has no operator for the carrier. */
  operador_no_disponible: 'Sin operador para la compañía',
  /** The key's user reached its daily cap. */
  limite_diario: 'Límite diario de recargas alcanzado',
  /** The inventory line of that ICC was already recharged. */
  linea_ya_recargada: 'Línea ya recargada',
  /** The provider never confirmed receiving it; no charge. */
  no_confirmada: 'Recarga no confirmada por el proveedor',
  /** The provider refused it without saying why. */
  rechazada: 'Rechazada por el proveedor',
} as const;

export type CodigoFalla = keyof typeof FALLAS_RECARGA;
export const CODIGOS_FALLA = Object.keys(FALLAS_RECARGA) as [CodigoFalla, ...CodigoFalla[]];
