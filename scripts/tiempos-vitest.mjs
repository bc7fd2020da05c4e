/**
 * A vitest reporter (next to the default one) that prints the 15 slowest test files of a run,
 * wall time from the file's start to its end: CI's log then shows where its minutes went.
 */
export default class Tiempos {
  archivos = [];

  onTestModuleEnd(modulo) {
    const d = modulo.diagnostic();
    this.archivos.push([modulo.moduleId.replace(`${process.cwd()}/`, ''), d.duration + d.setupDuration]);
  }

  onTestRunEnd() {
    const lentos = this.archivos.sort((a, b) => b[1] - a[1]).slice(0, 15);
    const total = this.archivos.reduce((s, [, ms]) => s + ms, 0);
    console.log(
      `\nArchivos más lentos (de ${this.archivos.length}, ${(total / 1000).toFixed(0)} s sumados):`,
    );
    for (const [archivo, ms] of lentos) console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${archivo}`);
  }
}
