/**
 * The app: the service worker and React's root. main.tsx imports it once the page has painted.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';

// The service worker keeps the app shell and the offline page, and shows the push notifications
// (the notifications code registers the same worker when it subscribes). Registered after the
// page's load, which has often passed by the time main.tsx imports this module.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  const registrar = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') registrar();
  else window.addEventListener('load', registrar);
}

const raiz = document.getElementById('root');
if (!raiz) throw new Error('falta #root');
// A transition: React draws the app in short slices between which the phone stays responsive,
// not in tasks as long as the whole shell (issue 21: blocking time).
const raizReact = createRoot(raiz);
startTransition(() =>
  raizReact.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
