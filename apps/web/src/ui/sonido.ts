/** The short tone played after every top-up attempt (spec section 4): high on success, low on failure. */
export function sonar(exito: boolean): void {
  try {
    const audio = new AudioContext();
    const oscilador = audio.createOscillator();
    const volumen = audio.createGain();
    oscilador.frequency.value = exito ? 880 : 220;
    volumen.gain.setValueAtTime(0.15, audio.currentTime);
    volumen.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    oscilador.connect(volumen).connect(audio.destination);
    oscilador.start();
    oscilador.stop(audio.currentTime + 0.4);
    oscilador.onended = () => void audio.close();
  } catch {
    // No audio device (headless browsers, some kiosks): the toast is enough.
  }
}
