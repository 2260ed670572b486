import './styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './i18n';
import { storage } from './shared/portal';
import { readLanguage } from './shared/storage';

const root = createRoot(document.getElementById('root') as HTMLElement);
void initI18n(readLanguage(storage)).then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
