/** An amount of pesos as the screens write it: $27,000. */
export const pesos = (n: number) => `$${n.toLocaleString('es-MX')}`;
