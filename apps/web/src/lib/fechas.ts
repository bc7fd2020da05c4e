/** yyyy/MM/dd HH:mm in the browser's zone. */
export function fechaCorta(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}/${p(d.getMonth() + 1)}/${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * What Date's toLocaleString('es-MX') writes (5/1/2026, 1:09:59 p.m.), written out by hand: the
 * first es-MX formatter loads the locale's data, about 110 ms of a phone's main thread at 4× that
 * landed in the task drawing the last movements (issue 21).
 */
export function fechaHoraLocal(v: string | number): string {
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return String(d);
  const p = (n: number) => String(n).padStart(2, '0');
  const h = d.getHours();
  const hora = `${h % 12 || 12}:${p(d.getMinutes())}:${p(d.getSeconds())} ${h < 12 ? 'a.m.' : 'p.m.'}`;
  return `${d.getDate()}/${d.getMonth() + 1}/${d.getFullYear()}, ${hora}`;
}
