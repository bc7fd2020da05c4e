/**
 * The balances paths, apart from saldos.ts's schemas so that the shell's low-balance alerts
 * download no zod (issue 21); saldos.ts re-exports them.
 */

/** The balances calls, and the daily cap of top-ups without a user. */
export const API_SALDOS = {
  saldos: '/saldosData',
  minimos: '/minimos',
  alertas: '/api/alertasSaldo',
  configSinUsuario: '/api/configRecargasSinUsuario',
} as const;
