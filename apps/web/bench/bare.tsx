// The size benchmark's baseline: React + ReactDOM rendering one div, built with the same Vite config
// as the portal (`vite build --mode bare` → bench/dist/).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <div>Hello</div>
  </StrictMode>,
);
