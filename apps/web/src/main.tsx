/**
 * The page's entry. It lets the browser paint first (Cargando…, and under /in/ marco.js's frame
 * with the company's notice), then evaluates the app: React, MUI and the rest take a phone's
 * main thread a few hundred ms to evaluate, and a page whose files came in before its first
 * frame painted nothing until they had run (issue 21: first and largest paint). The server
 * preloads the app's files with this one, so the wait costs no request. A hidden tab paints no
 * frame: the timer starts the app there.
 */
void new Promise<void>((listo) => {
  requestAnimationFrame(() => setTimeout(listo, 0));
  setTimeout(listo, 200);
}).then(() => import('./arranque.tsx'));
