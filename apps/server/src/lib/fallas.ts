/**
 * Crash points for the fault suites (*.faults.ts), inert outside tests: with NODE_ENV=test and
 * FALLA_PRUEBA=<punto>, `caerEn(punto)` answers true (the caller skips what follows the point)
 * and the process dies with SIGKILL 200 ms later, time for an answer being sent to leave.
 */
export function caerEn(punto: string): boolean {
  if (process.env.NODE_ENV !== 'test' || process.env.FALLA_PRUEBA !== punto) return false;
  setTimeout(() => process.kill(process.pid, 'SIGKILL'), 200);
  return true;
}
