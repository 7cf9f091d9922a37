// Only the Mantine CSS that some package renders (generated at build time from every package's
// imports, remotes included: they rely on the host's CSS), not the whole 620 KB styles.css.
import 'secondbyte-mantine-styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { createRoot } from 'react-dom/client';
import * as React from 'react';
import { loadAppConfig, registerFederationProbe, startAuthListener, useAuthStore } from 'shared-auth';
import { App } from './app/App';
import { loadRemotesManifest } from './app/remotes/remote-registry';
import { StartupError } from './app/StartupError';

registerFederationProbe('host', React, useAuthStore);

const root = createRoot(document.getElementById('root')!);

Promise.all([loadAppConfig(), loadRemotesManifest()])
  .then(() => {
    startAuthListener();
    root.render(<App />);
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(<StartupError />);
  });
