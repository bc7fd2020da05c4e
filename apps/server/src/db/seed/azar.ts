/** A fixed pseudo-random sequence (an LCG): the same demo rows in every fresh database. */
export function azarFijo(semilla: number) {
  let x = semilla;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}
