/** Day totals of top-ups (0013): which days are summed, and their sums. */
export interface VentasDiaHechosTable {
  empresa_id: number;
  zona: string;
  dia: string;
}

export interface VentasDiaTable {
  empresa_id: number;
  zona: string;
  dia: string;
  lider_id: number;
  plataforma: number;
  recargas: number;
  monto: number;
}
