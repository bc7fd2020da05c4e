/** yyyy/MM/dd HH:mm in the browser's zone. */
export function fechaCorta(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}/${p(d.getMonth() + 1)}/${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

let fechaHora: Intl.DateTimeFormat | undefined;
const nuevaFechaHora = () =>
  new Intl.DateTimeFormat('es-MX', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
/**
 * What Date's toLocaleString('es-MX') writes, through one formatter: each toLocaleString builds a
 * new one, which costs a phone milliseconds per cell of a table (issue 21).
 */
export function fechaHoraLocal(v: string | number): string {
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return String(d);
  fechaHora ??= nuevaFechaHora();
  return fechaHora.format(d);
}

/**
 * Builds that formatter while the browser is idle: the first es-MX one loads the locale's data
 * (about 60 ms at 4×), which otherwise lands in the task that draws the first dates (issue 21).
 * Safari has no requestIdleCallback: there the first date builds it.
 */
export function prepararFechaHoraLocal(): void {
  globalThis.requestIdleCallback?.(() => {
    fechaHora ??= nuevaFechaHora();
  });
}
