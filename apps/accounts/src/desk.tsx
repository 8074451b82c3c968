// /desk: the support desk's console (agents only; modules/support/chat on the server).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DeskApp } from './desk/desk-app.tsx';

// The root element the server renders (accounts-pages ROOT_ELEMENT_ID, as boot.tsx names it).
const root = document.getElementById('pravesh-accounts');
if (root) {
  document.documentElement.classList.add('is-desk');
  createRoot(root).render(
    <StrictMode>
      <DeskApp />
    </StrictMode>,
  );
}
