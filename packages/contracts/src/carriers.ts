/** Carrier codes of spec section 3 (Bait is spelled Biat on one screen). */
export const CARRIERS = {
  T: 'Telcel',
  M: 'Movistar',
  U: 'Unefon',
  A: 'AT&T',
  V: 'Virgin',
  B: 'Bait',
} as const;

export type Carrier = keyof typeof CARRIERS;
export const CODIGOS_CARRIER = Object.keys(CARRIERS) as Carrier[];
