import { CAMPOS_EDITABLES, type CampoEditable, type PortOut } from '@recargas/contracts/portabilidades';

/** The editable fields of a row as typed, and the copy kept when editing began. */
export type Borrador = Record<CampoEditable, string>;
export interface Edicion {
  id: number;
  original: Borrador;
  borrador: Borrador;
}

export const borradorDe = (f: PortOut): Borrador => ({
  leaderName: f.leaderName ?? '',
  clientName: f.clientName ?? '',
  rechargeAmount: f.rechargeAmount === null ? '' : String(f.rechargeAmount),
  originDn: f.originDn ?? '',
  originCarrier: f.originCarrier ?? '',
  destinationDn: f.destinationDn ?? '',
  destinationCarrier: f.destinationCarrier ?? '',
  nip: f.nip ?? '',
});

/** Only the fields that differ from the copy kept when editing began (section 4). */
export function cambiosDe(original: Borrador, borrador: Borrador): Record<string, string | number | null> {
  const cambios: Record<string, string | number | null> = {};
  for (const c of CAMPOS_EDITABLES) {
    const v = borrador[c].trim();
    if (v === original[c]) continue;
    cambios[c] = v === '' ? null : c === 'rechargeAmount' && /^\d+$/.test(v) ? Number(v) : v;
  }
  return cambios;
}
