import { renderStandalone } from 'shared-auth/dev-shell';
import HomePage, { loader as homeLoader } from './features/home/routes/HomePage';

void renderStandalone('catalog', [{ path: '/', element: <HomePage />, loader: homeLoader }]);
